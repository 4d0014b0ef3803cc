/**
 * What `xborder decode` was given: a JSON payload, a payload whose whole text was URL-encoded (a
 * form field or a log line holding `%7B%22OrderId%22...`), or one encoded value (`Hertzel+12%2C+Tel
 * +Aviv`, copied from a payload or a URL). A text that starts like JSON and is not is still bad
 * JSON; anything on several lines that is not JSON is neither a payload nor one value.
 */
import type { Finding } from '../model.js';
import { InputError } from '../errors.js';
import { parseJsonText } from '../io/parse-json.js';
import { valueNotes } from './encoding-notes.js';
import { encodingEvidence, type Evidence } from './evidence.js';
import { decodeValue, formDecode } from './form-decode.js';

/** The input as decode reads it. */
export type DecodeInput =
  | {
      kind: 'payload';
      doc: unknown;
      /** Set when the whole text was URL-encoded: what was said about it (an info finding). */
      wholeEncoded?: Finding;
    }
  | {
      kind: 'value';
      raw: string;
      decoded: string;
      /** What was done and why (info), then double encoding and bad sequences (warnings). */
      notes: Finding[];
    };

/** Times a whole payload is decoded at most (a text encoded twice is said to be). */
const MAX_WHOLE_PASSES = 2;

/** A JSON document's first character, in clear or URL-encoded (`{`, `[`, `%7B`, `%5B`). */
const JSON_START = /^(?:[{[]|%(?:25)*(?:7B|5B))/i;

/**
 * Reads `text` (the file or stdin, from `source`): a JSON document is a payload (a JSON string is
 * one value); a URL-encoded JSON document is decoded and said so; one line that is neither is one
 * value. Throws InputError (exit 2) for bad JSON and for several lines of text that is not JSON.
 */
export function readDecodeInput(text: string, source: string): DecodeInput {
  const body = text.replace(/^\uFEFF/, '');
  const line = body.trim();
  let malformed: InputError;
  try {
    const doc = parseJsonText(body, source);
    return typeof doc === 'string' ? oneValue(doc) : { kind: 'payload', doc };
  } catch (error) {
    if (!(error instanceof InputError) || !/malformed JSON/.test(error.message)) throw error;
    malformed = error;
  }
  if (/^%/.test(line) && JSON_START.test(line)) return wholeEncoded(line, source);
  if (line === '' || /^[{[]/.test(line)) throw malformed;
  if (/[\r\n]/.test(line)) {
    throw new InputError(`${malformed.message} decode reads a JSON payload, or one URL-encoded value on a line of its own.`, source);
  }
  return oneValue(line);
}

/** A whole payload URL-encoded (once, or twice): the decoded text, read as JSON. */
function wholeEncoded(line: string, source: string): DecodeInput {
  let text = line;
  let passes = 0;
  // One pass at a time, not decodeValue's double-decoding: a value inside that was itself encoded
  // (`Hertzel+12` as `Hertzel%2B12`) must come out as the payload carried it.
  while (passes < MAX_WHOLE_PASSES && /^%/.test(text)) {
    text = formDecode(text).value;
    passes++;
  }
  let doc: unknown;
  try {
    doc = parseJsonText(text, `${source} (URL-decoded)`);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new InputError(`${error.message} The whole payload was URL-encoded; decoded, it is not a JSON document.`, source);
  }
  const twice = passes > 1 ? ' twice' : '';
  return {
    kind: 'payload',
    doc,
    wholeEncoded: {
      message: `the whole payload was URL-encoded${twice}; decoded${twice} before reading it`,
      severity: 'info',
    },
  };
}

/** Why a value shows no sign of form encoding, as a note says it. */
function notEncodedWhy(evidence: Extract<Evidence, { encoded: false }>): string {
  switch (evidence.why) {
    case 'whitespace':
      return 'it holds a literal space or line break, which no form encoder leaves';
    case 'leading-plus':
      return 'its only + is in front, as in a phone number (an encoder writes %2B)';
    case 'unescaped':
      return 'its + stands beside a character an encoder escapes, so it is a literal +';
    case 'plain':
      return 'it has no %XX escape and no +';
  }
}

/** One value: decoded where its text shows it was form-encoded, as the payload's values are. */
function oneValue(raw: string): DecodeInput {
  const evidence = encodingEvidence(raw);
  if (!evidence.encoded) {
    return { kind: 'value', raw, decoded: raw, notes: [{ message: `not JSON: read as one value, shown as it is: ${notEncodedWhy(evidence)}`, severity: 'info' }] };
  }
  const result = decodeValue(raw);
  return {
    kind: 'value',
    raw,
    decoded: result.value,
    notes: [{ message: 'not JSON: read as one URL-encoded value and decoded', severity: 'info' }, ...valueNotes('', raw, result)],
  };
}
