import type { Finding, ReceivedResponse } from '../model.js';
import { findJsonSyntaxError } from '../io/json-position.js';
import { codingsToUndo } from './read-body.js';
import { firstInvalidUtf8 } from './utf8.js';

/** A response body read as JSON: the value when it parsed, the text always, and what was wrong. */
export interface JsonBody {
  json?: unknown;
  text: string;
  findings: Finding[];
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json$/;

/** The text around `offset`, for the `actual` of a parse error. */
function excerpt(text: string, offset: number): string {
  const start = Math.max(0, offset - 20);
  return `${start > 0 ? '…' : ''}${text.slice(start, offset + 20)}${offset + 20 < text.length ? '…' : ''}`;
}

/** The <title> of an HTML page (whitespace collapsed, 120 characters at most). */
export function htmlTitle(text: string): string | undefined {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text.slice(0, 64 * 1024));
  const title = m?.[1]?.replace(/\s+/g, ' ').trim();
  return title ? title.slice(0, 120) : undefined;
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
      message: `The body is encoded with "${encoding}", which xborder cannot decode; send gzip, deflate, br or none.`,
      expected: 'Content-Encoding gzip, deflate, br or identity',
      actual: encoding,
    });
    return { text: buf.toString('latin1'), findings };
  }

  const bad = firstInvalidUtf8(buf);
  // A body cut at the cap may end inside a character: that is the cut, not the merchant's encoding.
  if (bad >= 0 && !(response.truncated && bad >= buf.length - 3)) {
    const charset = /charset=([^;]+)/i.exec(contentType ?? '')?.[1]?.trim();
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
