import type { Finding, ReceivedResponse } from '../model.js';
import { findJsonSyntaxError } from '../io/json-position.js';
import { codingsToUndo, describeContentEncoding } from './read-body.js';
import { firstInvalidUtf8 } from './utf8.js';
import { maskedExcerpt, maskedHead } from '../redact/cut.js';

/** A response body read as JSON: the value when it parsed, the text always, and what was wrong. */
export interface JsonBody {
  json?: unknown;
  text: string;
  findings: Finding[];
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json$/;

/** The text around `offset`, for the `actual` of a parse error: masked on the whole text, then cut. */
function excerpt(text: string, offset: number): string {
  return maskedExcerpt(text, offset, 20);
}

/** The <title> of an HTML page (whitespace collapsed, 120 characters at most; masked whole, then cut). */
export function htmlTitle(text: string): string | undefined {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text.slice(0, 64 * 1024));
  const title = m?.[1]?.replace(/\s+/g, ' ').trim();
  if (!title) return undefined;
  const head = maskedHead(title, 120);
  return head.cut ? `${head.text}…` : head.text;
}

/**
 * The byte order of a body that is UTF-16 text: by its byte order mark, its declared charset, or
 * (no mark, no charset) a NUL in every other byte of its start, which is how ASCII reads in UTF-16.
 */
function utf16Order(buf: Buffer, contentType: string | undefined): 'utf16le' | 'utf16be' | undefined {
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe && !(buf[2] === 0 && buf[3] === 0)) return 'utf16le';
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) return 'utf16be';
  const charset = /charset="?utf-?16(le|be)?/i.exec(contentType ?? '');
  if (charset) return charset[1]?.toLowerCase() === 'be' ? 'utf16be' : 'utf16le';
  const n = Math.min(buf.length, 512) & ~1;
  if (n < 4) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i++) if (buf[i] === 0) i % 2 === 0 ? even++ : odd++;
  if (odd >= (n / 2) * 0.9 && even === 0) return 'utf16le';
  if (even >= (n / 2) * 0.9 && odd === 0) return 'utf16be';
  return undefined;
}

/** UTF-16 bytes as text, without a byte order mark. */
function decodeUtf16(buf: Buffer, order: 'utf16le' | 'utf16be'): string {
  const even = buf.subarray(0, buf.length & ~1);
  const le = order === 'utf16le' ? even : Buffer.from(even).swap16();
  const text = le.toString('utf16le');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function contentTypeFinding(contentType: string | undefined, parsed: boolean): Finding | undefined {
  const media = contentType?.split(';')[0]?.trim().toLowerCase();
  if (media && JSON_MEDIA.test(media)) return undefined;
  return {
    message: media
      ? `The Content-Type is ${media}, not application/json${parsed ? ' (the body is JSON all the same)' : ''}.`
      : `The response has no Content-Type header; application/json is expected${parsed ? ' (the body is JSON all the same)' : ''}.`,
    expected: 'application/json',
    actual: contentType ?? null,
    severity: parsed ? 'warning' : 'error',
  };
}

/**
 * Reads a response body that should be JSON. Never throws: every problem becomes a finding (empty
 * body, HTML error page, invalid UTF-8 with its byte offset, byte order mark, wrong Content-Type,
 * syntax error with line and column, body cut at the cap).
 */
export function readJsonBody(response: ReceivedResponse): JsonBody {
  const buf = response.body;
  const findings: Finding[] = [];
  const contentType = response.headers['content-type'];
  if (response.truncated) {
    findings.push({
      message: `response larger than ${buf.length} bytes; cut (raise --max-body to read it whole)`,
      expected: `at most ${buf.length} bytes`,
      actual: `more than ${buf.length} bytes`,
    });
  }
  if (buf.length === 0) {
    if (!response.truncated) findings.push({ message: 'The response body is empty.', expected: 'a JSON document', actual: 'an empty body' });
    return { text: '', findings };
  }

  const encoding = response.headers['content-encoding'];
  if (encoding && codingsToUndo(encoding) === undefined) {
    // Still encoded: every further finding would describe the encoding, not the merchant's JSON.
    findings.push({
      message: `The body is encoded with "${describeContentEncoding(encoding)}", which xborder cannot decode; send gzip, deflate, br or none.`,
      expected: 'Content-Encoding gzip, deflate, br or identity',
      actual: describeContentEncoding(encoding),
    });
    return { text: buf.toString('latin1'), findings };
  }

  // UTF-16 text is decoded before it is shown: read as UTF-8 its characters would be NUL-interleaved
  // or replaced, and an echoed secret would no longer be recognisable to the redactor.
  const utf16 = utf16Order(buf, contentType);
  if (utf16) {
    findings.push({
      message: `The body is UTF-16 text (${utf16 === 'utf16le' ? 'little' : 'big'}-endian), not UTF-8; xborder decoded it to show it.`,
      expected: 'UTF-8 text',
      actual: utf16 === 'utf16le' ? 'UTF-16LE text' : 'UTF-16BE text',
    });
    return { text: decodeUtf16(buf, utf16), findings };
  }

  const bad = firstInvalidUtf8(buf);
  // A body cut at the cap may end inside a character: that is the cut, not the merchant's encoding.
  if (bad >= 0 && !(response.truncated && bad >= buf.length - 3)) {
    // Cut: the header is the merchant's, and a finding's message is shown whole.
    const charset = /charset=([^;]+)/i.exec(contentType ?? '')?.[1]?.trim().slice(0, 40);
    findings.push({
      message: `The body is not valid UTF-8: byte ${bad} (0x${buf[bad]!.toString(16).toUpperCase().padStart(2, '0')}) starts no valid sequence${charset && !/^utf-?8$/i.test(charset) ? ` (the Content-Type declares charset=${charset})` : ''}.`,
      expected: 'UTF-8 text',
      actual: `invalid byte at offset ${bad}`,
    });
  }

  let text = buf.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
    findings.push({
      message: 'The body starts with a UTF-8 byte order mark; strict JSON parsers reject it.',
      expected: 'no byte order mark',
      actual: 'EF BB BF',
      severity: 'warning',
    });
  }

  const media = contentType?.split(';')[0]?.trim().toLowerCase();
  if (/^\s*(<!doctype html|<html)/i.test(text) || (media === 'text/html' && /^\s*</.test(text))) {
    const title = htmlTitle(text);
    findings.push({
      message: `The response is an HTML page, not JSON${title ? ` (title: "${title}")` : ''}; an error page from a server or proxy is likely.`,
      expected: 'application/json',
      actual: title ? `HTML page "${title}"` : 'HTML page',
    });
    return { text, findings };
  }

  let json: unknown;
  let parsed = false;
  try {
    json = JSON.parse(text);
    parsed = true;
  } catch (err) {
    // A body cut at the cap is already reported; its parse error would only repeat that.
    if (!response.truncated) {
      const pos = findJsonSyntaxError(text);
      findings.push(
        pos
          ? {
              message: pos.atEnd
                ? `The JSON ends early at line ${pos.line}, column ${pos.column}: the body looks truncated.`
                : `The body is not valid JSON: ${pos.reason} at line ${pos.line}, column ${pos.column}.`,
              expected: 'a JSON document',
              actual: excerpt(text, pos.offset),
            }
          : { message: `The body is not valid JSON: ${(err as Error).message}.`, expected: 'a JSON document', actual: excerpt(text, 0) },
      );
    }
  }
  const ct = contentTypeFinding(contentType, parsed);
  if (ct) findings.push(ct);
  return parsed ? { json, text, findings } : { text, findings };
}
