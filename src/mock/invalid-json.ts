/** How both mock servers word a request body that is not JSON. */
import { jsonErrorOf } from '../io/json-position.js';

/**
 * Why a request body is not JSON, by line and column only: V8's own message quotes the start of the
 * body, which would send the client's card data (a PIN, a card number) back in an error text that
 * gets logged.
 */
export function invalidJsonReason(text: string, error: Error): string {
  const at = jsonErrorOf(text, error);
  return `The request body is not valid JSON: ${at.atEnd ? 'it ends before the value is complete' : at.reason} at line ${at.line}, column ${at.column}.`;
}
