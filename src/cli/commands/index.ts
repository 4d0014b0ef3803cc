/**
 * Every command's definition (flags and help), cheap to load. Each definition lazily imports its
 * action from src/cli/actions/ when it runs.
 */
import type { Command } from 'commander';
import { defineAllow } from './allow.js';
import { defineCertify } from './certify.js';
import { defineCheck } from './check.js';
import { defineChecks } from './checks.js';
import { defineDecode } from './decode.js';
import { defineCompletion } from './completion.js';
import { defineDemo } from './demo.js';
import { defineFuzz } from './fuzz.js';
import { defineGiftCard } from './gift-card.js';
import { defineMock } from './mock.js';
import { defineOpenapi } from './openapi.js';
import { definePlatform } from './platform.js';
import { defineSamples } from './samples.js';
import { defineRuns } from './runs.js';
import { defineInit } from './init.js';
import { defineSend } from './send.js';
import { defineStorefront } from './storefront.js';
import { defineValidate } from './validate.js';
import { defineProxy } from './proxy.js';
import { defineReplay } from './replay.js';
import { defineDiff } from './diff.js';
import { defineMerchants } from './merchants.js';
import { defineReport } from './report.js';
import { defineWizard } from './wizard.js';

/** Adds every xborder command to `program`. */
export function defineCommands(program: Command): void {
  defineCheck(program);
  defineCertify(program);
  defineChecks(program);
  defineDecode(program);
  defineCompletion(program);
  defineDemo(program);
  defineFuzz(program);
  defineSamples(program);
  defineRuns(program);
  defineInit(program);
  defineAllow(program);
  defineSend(program);
  defineStorefront(program);
  defineMock(program);
  defineOpenapi(program);
  defineGiftCard(program);
  definePlatform(program);
  defineWizard(program);
  defineValidate(program);
  defineProxy(program);
  defineReplay(program);
  defineDiff(program);
  defineMerchants(program);
  defineReport(program);
}
