/**
 * `xborder platform call OPERATION|PATH`: POST a JSON body (file, stdin, or asked for in a
 * terminal) to a platform operation, identifying the merchant by its GUID, and show the answer
 * flattened to paths with the checks under it.
 */
import type { Command } from 'commander';
import { terminalWidth } from '../../report/width.js';
import { closeAgents } from '../../http/send.js';
import { readJsonFile, readJsonStdin } from '../../io/parse-json.js';
import { callPlatform, type PlatformCallInput } from '../../platform/call.js';
import { clipDepth, flattenJson, type FlatRow } from '../../platform/flatten.js';
import { findOperation, VALIDATE_GIFT_CARD, type ResolvedTarget } from '../../platform/operations.js';
import { renderCallAnswer } from '../../platform/views.js';
import { exitCodeOf, toRunResult } from '../../report/summary.js';
import { applyOverrides } from '../../samples/override.js';
import { askPlatformBody } from '../../wizard/platform-body.js';
import { writeReports } from '../merchant-run.js';
import { canPrompt, createPrompter } from '../prompts.js';
import { openSession, warnTransport, type Session } from '../session.js';
import { platformUrl } from '../../platform/request.js';
import { validateWithSchema } from '../../validation/user-schema.js';

/** Flags of `platform call` (plus the shared connection flags). */
export interface PlatformCallOptions {
  operation: string;
  body?: string;
  set?: string[];
  schema?: string;
  headerGuid?: boolean;
  [flag: string]: unknown;
}

/** Runs the command: 0 HTTP 200 and every check passed, 1 an error answer or failed check, 3 unreachable. */
export async function run(opts: PlatformCallOptions, cmd: Command): Promise<number> {
  const { operation, body: bodyFile, set = [], schema, headerGuid, ...connection } = opts;
  const target = findOperation(operation);
  const session = await openSession(connection, cmd);
  const userSchema = schema ? { doc: await readJsonFile(schema), source: schema } : undefined;
  // A schema that does not compile is bad input (exit 2) BEFORE anything is sent: a platform call
  // may create or refund something, and its answer would then be lost to the error.
  if (userSchema) validateWithSchema(userSchema.doc, null, userSchema.source);
  const kind = target.operation === VALIDATE_GIFT_CARD ? ('gift-card-request' as const) : undefined;
  let body: unknown;
  if (bodyFile === '-') body = applyOverrides(await readJsonStdin('xborder platform call OP --body - < body.json'), set, kind);
  else if (bodyFile !== undefined) body = applyOverrides(await readJsonFile(bodyFile), set, kind);
  else if (canPrompt(session.globals.json)) {
    const prompter = createPrompter(session.globals.json ? { output: process.stderr } : {});
    const asked = await askPlatformBody(target, session.config, prompter, { say: (t) => session.output.err(t) }, set);
    for (const secret of asked.secrets) session.redactor.add(secret);
    body = asked.body;
  } else body = applyOverrides({}, set, kind);
  return reportPlatformCall(session, { target, body, ...(headerGuid ? { guidIn: 'header' as const } : {}), ...(userSchema ? { userSchema } : {}) });
}

/** Calls the platform and prints the answer and the checks; returns the exit code. Used by the wizard too. */
export async function reportPlatformCall(session: Session, input: PlatformCallInput & { target: ResolvedTarget }): Promise<number> {
  warnTransport(session, [platformUrl(session.config, input.target.path)]);
  // What the body hides by key (a PIN, a CVV, a password) is hidden too where the answer echoes it.
  session.redactor.addFromJson(input.body);
  let outcome;
  try {
    outcome = await callPlatform({ ...input, shownBody: session.redactor.json(input.body) }, session.config);
  } finally {
    await closeAgents();
  }
  const run = toRunResult([outcome.caseResult]);
  if (!session.globals.json) {
    const response = outcome.exchange.response;
    const title = input.target.operation ? `${input.target.operation.name} (${input.target.path})` : input.target.path;
    session.output.out(
      renderCallAnswer(
        {
          title,
          durationMs: outcome.exchange.durationMs,
          ...(response ? { status: response.status } : {}),
          ...(outcome.exchange.error ? { errorCode: outcome.exchange.error.code } : {}),
          ...(outcome.json !== undefined ? { rows: answerRows(session, outcome.json) } : {}),
          ...(outcome.errorInfo ? { errorInfo: outcome.errorInfo } : {}),
          ...(outcome.caseResult.responseBody !== undefined ? { text: outcome.caseResult.responseBody } : {}),
        },
        { color: session.output.color, width: terminalWidth(process.stdout, process.env) },
      ),
    );
  }
  await writeReports(session, run);
  return exitCodeOf(run.summary);
}

/** How deep and how long the answer table gets; --json has the whole answer. */
const TABLE_DEPTH = 32;
const TABLE_ROWS = 500;

/**
 * The answer as table rows, masked by key before it is flattened: a row (`CardFields.CardPin │ 12`)
 * has lost the key that free-text masking would need.
 */
function answerRows(session: Session, json: unknown): FlatRow[] {
  const clipped = clipDepth(json, TABLE_DEPTH);
  return flattenJson(session.globals.showSecrets ? clipped : session.redactor.json(clipped), { maxRows: TABLE_ROWS });
}
