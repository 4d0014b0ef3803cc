/**
 * What an error answer is, in a few words, for findings about refusals and failed calls: real
 * merchants answer errors with a ResponseInfo (flat or wrapped), a partial one, no body at all, an
 * HTML crash page or a framework's JSON error (public-facts, "How deployed merchant integrations behave").
 */
import type { ReceivedResponse } from '../model.js';
import { htmlTitle } from '../http/body.js';
import { describeError, readResponseInfo } from './response-info.js';
import { describeFrameworkError, isFrameworkErrorBody } from '../validation/index.js';

/** The kinds of error body xborder tells apart. */
export type ErrorBodyKind = 'response-info' | 'empty' | 'html' | 'framework-json' | 'other';

/** An error answer read for what it is. */
export interface ErrorAnswer {
  kind: ErrorBodyKind;
  /** A short phrase: `no body`, `an HTML page "Oops! An Error Occurred"`, `Success false: Cart not found`. */
  text: string;
}

/** Reads the body of an answer (parsed `json` when it parsed) as an error answer. */
export function readErrorAnswer(response: ReceivedResponse, json: unknown): ErrorAnswer {
  const info = readResponseInfo(json);
  if (info) return { kind: 'response-info', text: `Success ${String(info.success ?? 'missing')}${info.success === false ? `: ${describeError(info)}` : ''}` };
  const raw = response.body.toString('utf8');
  if (raw.trim() === '') return { kind: 'empty', text: 'no body' };
  if (json === undefined && /^\s*</.test(raw)) {
    const title = htmlTitle(raw);
    return { kind: 'html', text: `an HTML page${title ? ` "${title}"` : ''}` };
  }
  if (isFrameworkErrorBody(json)) return { kind: 'framework-json', text: `a framework error body (${describeFrameworkError(json)})` };
  return { kind: 'other', text: json === undefined ? 'a body that is not JSON' : 'a JSON body without a ResponseInfo' };
}
