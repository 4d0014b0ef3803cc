/**
 * End to end: a configuration's command (`merchant.newCart.command`) runs only with the user's
 * consent. The built CLI against the reference merchant in store mode, with a newCart command whose
 * side effect (a marker file) shows whether it ran. Without consent and without a terminal it is
 * not run, the cases that need its carts are skipped and one line says how to allow it; `xborder
 * allow` records the file's real path and the command's sha256 in $XDG_STATE_HOME/xborder (0600,
 * never in the project) and then it runs; a changed command needs a new allow; `--allow-commands`
 * and XBORDER_ALLOW_COMMANDS=1 allow it for one run; in a terminal xborder asks once. None of these
 * runs is given the allowance the other e2e tests' helpers give.
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, SAMPLE_CART_TOKEN, SAMPLE_MERCHANT_GUID } from '../../src/config/defaults.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { curlNewCart } from '../helpers/new-cart-curl.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { answer, runInPty } from '../wizard/pty.js';

let merchant: MockMerchantServer;
const dirs: string[] = [];
beforeAll(async () => {
  merchant = await startMockMerchant({ config: defaultConfig(), store: true });
});
afterAll(async () => {
  await merchant.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  dirs.push(dir);
  return dir;
}

/** The newCart command: leaves `marker` behind, then asks the store for a cart as a user's script would. */
function newCartCommand(marker: string): string {
  return `touch '${marker}' && ${curlNewCart(merchant.newCartUrl!)}`;
}

/** A project whose config's newCart command leaves `marker`; returns its folder and the config's path. */
function project(marker: string): { dir: string; config: string } {
  const dir = tempDir('xb-consent-project-');
  const config = join(dir, 'xborder.config.json');
  writeConfig(config, newCartCommand(marker));
  return { dir, config };
}

function writeConfig(file: string, command: string): void {
  writeFileSync(file, JSON.stringify({ merchant: { baseUrl: merchant.url, cartMethods: ['GET'], newCart: { command } }, auth: [{ mode: 'none' }], timeoutMs: 10_000 }));
}

/** Every run has a state folder of its own, so nothing the user allowed elsewhere counts. */
function stateHome(): string {
  return tempDir('xb-consent-state-');
}

/** `post-order` (one order, on a cart the merchant issued when there are real carts) as JSON. */
function postOrder(dir: string, state: string, extra: string[] = [], env: Record<string, string> = {}): Promise<CliResult> {
  return runCli(['post-order', '--json', '--no-save', ...extra], { cwd: dir, env: { XDG_STATE_HOME: state, ...env }, timeoutMs: 120_000 });
}

interface Report { cases: { endpoint: string; checks: { id: string; status: string; findings: { message: string }[] }[] }[] }
/** The order case's checks. */
const orderChecks = (r: CliResult) => (JSON.parse(r.stdout) as Report).cases.find((c) => c.endpoint === 'SendOrderToMerchant')!.checks;
/** Whether the order was sent on a cart from the command and accepted: every check of its case passed. */
const orderPassed = (r: CliResult) => orderChecks(r).length > 1 && orderChecks(r).every((k) => k.status === 'passed');

/** The config files the state under `state` holds an allowance for. */
const recordedFiles = (state: string) => Object.keys(JSON.parse(readFileSync(join(state, 'xborder', 'allowed-commands.json'), 'utf8')).files);

/** The one line a run says for a command it did not run. */
const notRunLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('not run: '));

describe('a configuration\'s commands need consent', () => {
  it('without consent and without a terminal: not run, the case that needs its cart skipped, one line saying how to allow it; the run goes on', async () => {
    const marker = join(tempDir('xb-consent-marker-'), 'ran');
    const { dir } = project(marker);
    const state = stateHome();
    const ordersBefore = merchant.orderCount();
    const result = await postOrder(dir, state);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(marker)).toBe(false);
    expect(notRunLines(result.stderr)).toEqual([
      `not run: merchant.newCart.command of xborder.config.json (${JSON.stringify(newCartCommand(marker))}) is not allowed, so the cases that need the carts it makes are skipped; allow it with \`xborder allow xborder.config.json\`, or for one run with --allow-commands or XBORDER_ALLOW_COMMANDS=1`,
    ]);
    expect(result.code).toBe(0);
    expect(orderChecks(result)).toMatchObject([
      { id: 'status-200', status: 'skipped', findings: [{ severity: 'info', message: 'not run: no cart for it: merchant.newCart.command of xborder.config.json is not allowed (`xborder allow xborder.config.json`, --allow-commands or XBORDER_ALLOW_COMMANDS=1)' }] },
    ]);
    // The order was never sent: the store took none.
    expect(merchant.orderCount()).toBe(ordersBefore);
    // Nothing was recorded: consent is given, never assumed.
    expect(readdirSync(state)).toEqual([]);
  }, 150_000);

  it('xborder allow records the real path and the sha256 (0600, in a 0700 folder of the state home, not in the project); then the command runs', async () => {
    const marker = join(tempDir('xb-consent-marker-'), 'ran');
    const { dir, config } = project(marker);
    const state = stateHome();
    const allow = await runCli(['allow'], { cwd: dir, env: { XDG_STATE_HOME: state } });
    expect(allow.code, allow.stderr).toBe(0);
    const file = join(state, 'xborder', 'allowed-commands.json');
    expect(allow.stderr).toBe('config: xborder.config.json\n');
    expect(allow.stdout).toBe(`Allowed from ${config}:\n  merchant.newCart.command: ${newCartCommand(marker)}\nRecorded in ${file}; a changed command needs a new \`xborder allow\`.\n`);
    expect(existsSync(marker)).toBe(false);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(state, 'xborder')).mode & 0o777).toBe(0o700);
    const recorded = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(recorded.files)).toEqual([config]);
    expect(recorded.files[config].commands).toEqual([{ setting: 'merchant.newCart.command', sha256: createHash('sha256').update(newCartCommand(marker)).digest('hex') }]);
    expect(readdirSync(dir)).toEqual(['xborder.config.json']);
    // Allowing again changes nothing; --json says the same as a document.
    const json = await runCli(['allow', '--json'], { cwd: dir, env: { XDG_STATE_HOME: state } });
    expect(JSON.parse(json.stdout)).toEqual({ file: config, allowed: [{ setting: 'merchant.newCart.command', command: newCartCommand(marker), sha256: recorded.files[config].commands[0].sha256 }], state: file });
    expect(JSON.parse(readFileSync(file, 'utf8')).files[config].commands).toEqual(recorded.files[config].commands);

    const run = await postOrder(dir, state);
    expect(notRunLines(run.stderr)).toEqual([]);
    expect(existsSync(marker)).toBe(true);
    expect(run.code, run.stderr).toBe(0);
    expect(orderPassed(run)).toBe(true);
  }, 150_000);

  it('a changed command needs a new allow; the allowance is for that file only', async () => {
    const first = join(tempDir('xb-consent-marker-'), 'ran');
    const { dir, config } = project(first);
    const state = stateHome();
    expect((await runCli(['allow', 'xborder.config.json'], { cwd: dir, env: { XDG_STATE_HOME: state } })).code).toBe(0);
    const changed = join(tempDir('xb-consent-marker-'), 'changed-ran');
    writeConfig(config, newCartCommand(changed));
    const refused = await postOrder(dir, state);
    expect(existsSync(changed)).toBe(false);
    expect(notRunLines(refused.stderr)).toHaveLength(1);
    expect(orderChecks(refused)[0]!.status).toBe('skipped');
    // The same command in another project's file is not allowed by this file's allowance.
    const other = tempDir('xb-consent-other-');
    writeConfig(join(other, 'xborder.config.json'), newCartCommand(first));
    expect((await runCli(['allow', config], { cwd: other, env: { XDG_STATE_HOME: state } })).code).toBe(0);
    expect(notRunLines((await postOrder(other, state)).stderr)).toHaveLength(1);
    expect(existsSync(first)).toBe(false);
    // Allowed again (named by its path from elsewhere): the changed command runs.
    const ran = await postOrder(dir, state);
    expect(notRunLines(ran.stderr)).toEqual([]);
    expect(existsSync(changed)).toBe(true);
  }, 150_000);

  it('--allow-commands and XBORDER_ALLOW_COMMANDS=1 allow for one run and record nothing; a command given with --new-cart is the user\'s own', async () => {
    const state = stateHome();
    const allowances: { extra: string[]; env: Record<string, string> }[] = [{ extra: ['--allow-commands'], env: {} }, { extra: [], env: { XBORDER_ALLOW_COMMANDS: '1' } }];
    for (const allowance of allowances) {
      const marker = join(tempDir('xb-consent-marker-'), 'ran');
      const { dir } = project(marker);
      const run = await postOrder(dir, state, allowance.extra, allowance.env);
      expect(notRunLines(run.stderr)).toEqual([]);
      expect(existsSync(marker)).toBe(true);
      expect(orderPassed(run)).toBe(true);
      rmSync(marker);
      const next = await postOrder(dir, state);
      expect(notRunLines(next.stderr)).toHaveLength(1);
      expect(existsSync(marker)).toBe(false);
    }
    expect(readdirSync(state)).toEqual([]);
    const mine = join(tempDir('xb-consent-marker-'), 'mine-ran');
    const { dir } = project(join(tempDir('xb-consent-marker-'), 'never'));
    const flag = await postOrder(dir, state, ['--new-cart', newCartCommand(mine)]);
    expect(notRunLines(flag.stderr)).toEqual([]);
    expect(existsSync(mine)).toBe(true);
  }, 150_000);

  it('xborder demo runs its own newCart command without consent', async () => {
    const state = stateHome();
    const demo = await runCli(['demo', '--json', '--no-save', '--checks', 'cart-single-use'], { cwd: tempDir('xb-consent-demo-'), env: { XDG_STATE_HOME: state }, timeoutMs: 120_000 });
    expect(demo.code, demo.stderr).toBe(0);
    expect(notRunLines(demo.stderr)).toEqual([]);
    const checks = (JSON.parse(demo.stdout) as Report).cases.flatMap((c) => c.checks);
    expect(checks.find((k) => k.id === 'cart-single-use')?.status).toBe('passed');
    expect(readdirSync(state)).toEqual([]);
  }, 150_000);

  it('allow: no config is exit 2 naming what to do; a config without commands has nothing to allow; a discovered file others may write is refused', async () => {
    const state = stateHome();
    const empty = tempDir('xb-consent-empty-');
    const none = await runCli(['allow'], { cwd: empty, env: { XDG_STATE_HOME: state } });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No xborder.config.json here (or up to the repository root): name the file, `xborder allow FILE`.');
    writeFileSync(join(empty, 'xborder.config.json'), JSON.stringify({ merchant: { baseUrl: merchant.url } }));
    const nothing = await runCli(['allow'], { cwd: empty, env: { XDG_STATE_HOME: state } });
    expect(nothing.code).toBe(0);
    expect(nothing.stdout).toBe('xborder.config.json runs no command: nothing to allow.\n');
    expect(readdirSync(state)).toEqual([]);
    const { dir, config } = project(join(tempDir('xb-consent-marker-'), 'ran'));
    chmodSync(config, 0o666);
    const refused = await runCli(['allow'], { cwd: dir, env: { XDG_STATE_HOME: state } });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('xborder.config.json may be written by every user of this machine (mode 0666), so xborder does not use it');
    expect(readdirSync(state)).toEqual([]);
  });
});

describe('in a terminal, xborder shows the command and asks once', () => {
  it('yes: records the consent like allow and runs the command; the next run asks nothing', async () => {
    const marker = join(tempDir('xb-consent-marker-'), 'ran');
    const { dir, config } = project(marker);
    const state = stateHome();
    const r = await runInPty(['post-order', '--no-save'], [
      { expect: 'xborder.config.json runs this command with your rights:' },
      { expect: `merchant.newCart.command: ${newCartCommand(marker)}` },
      ...answer('Allow xborder to run it, now and in later runs?', 'y'),
      { expect: 'Allowed; recorded in' },
    ], { cwd: dir, env: { XDG_STATE_HOME: state }, timeoutSec: 60 });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(0);
    expect(existsSync(marker)).toBe(true);
    expect(recordedFiles(state)).toEqual([config]);
    rmSync(marker);
    const again = await postOrder(dir, state);
    expect(notRunLines(again.stderr)).toEqual([]);
    expect(existsSync(marker)).toBe(true);
  }, 150_000);

  it('the wizard\'s runs ask for the user\'s file, never its private copy, and record the consent for it', async () => {
    const marker = join(tempDir('xb-consent-marker-'), 'ran');
    const { dir, config } = project(marker);
    // A configuration that settles every question of a cart check, so the wizard goes straight to it.
    const settled = JSON.parse(readFileSync(config, 'utf8'));
    Object.assign(settled, { merchantGUID: SAMPLE_MERCHANT_GUID });
    Object.assign(settled.merchant, { cartToken: SAMPLE_CART_TOKEN, countryCode: 'DE', currencyCode: 'EUR', payments: 'merchant' });
    writeFileSync(config, JSON.stringify(settled));
    const state = stateHome();
    const r = await runInPty(['wizard'], [
      { expect: 'What do you want to do?' }, { send: '\r' },
      { expect: 'Which checks?' }, { send: '\u001b[B' }, { send: '\r' },
      { expect: 'xborder.config.json runs this command with your rights:' },
      ...answer('Allow xborder to run it, now and in later runs?', 'y'),
      { expect: 'Allowed; recorded in' },
      { expect: 'GetCheckoutCartInfo' },
      ...answer('Do something else?'),
    ], { cwd: dir, env: { XDG_STATE_HOME: state }, timeoutSec: 60 });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(0);
    // The question names the user's file, never the wizard's private copy.
    expect(r.output).not.toContain('xborder-wizard-');
    expect(existsSync(marker)).toBe(true);
    expect(recordedFiles(state)).toEqual([config]);
  }, 150_000);

  it('no (the default): not run, the line said, nothing recorded', async () => {
    const marker = join(tempDir('xb-consent-marker-'), 'ran');
    const { dir } = project(marker);
    const state = stateHome();
    const r = await runInPty(['post-order', '--no-save'], [
      ...answer('Allow xborder to run it, now and in later runs?'),
      { expect: 'not run: merchant.newCart.command of xborder.config.json' },
    ], { cwd: dir, env: { XDG_STATE_HOME: state }, timeoutSec: 60 });
    if (r.error) console.log(r.output.slice(-2500));
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(readdirSync(state)).toEqual([]);
  }, 150_000);
});
