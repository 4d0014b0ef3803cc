/**
 * `error-leaks-internals`: an error answer (any status, `Success: false`, or a crash page) that
 * carries what only the merchant's server should know: a stack trace, an absolute server path, an
 * SQL error, a framework's debug page. The platform works with it, so it is a warning (a failure
 * with --strict); an attacker learns the merchant's code, paths and database from it.
 */
import type { CheckResult, Exchange, Finding } from '../model.js';
import { checkFrom } from './result.js';
import { readResponseInfo } from './response-info.js';

/** What kind of internal detail a line gives away. */
export type LeakKind = 'stack trace' | 'server path' | 'SQL error' | 'framework debug page';

/** One line of an error answer that gives an internal detail away. */
export interface Leak {
  kind: LeakKind;
  /** The line, trimmed and cut around what matched (not yet masked). */
  line: string;
}

/** Lines that are a frame of a stack trace, in the languages merchants are written in. */
const STACK: readonly RegExp[] = [
  // JavaScript, and SFCC's "at cartridge/x.js:142 (Fn)": a frame naming file:line.
  /^\s*at\s+(?:[^\s()]+(?:\s+\[[^\]]*\])?\s+\()?[^\s()]+\.[A-Za-z]{1,6}:\d+(?::\d+)?\)?/,
  /^\s*at\s+\S+\s+\(node:[\w/]+:\d+/,
  // Java, Kotlin, Scala: at pkg.Class.method(File.java:12)
  /^\s*at\s+[\w$.<>/]+\((?:[\w$]+\.(?:java|kt|scala|groovy):\d+|Native Method|Unknown Source)\)/,
  // .NET: at Ns.Type.Method() in C:\path\File.cs:line 42
  /^\s*at\s+\S+\(.*\)\s+in\s+\S.*:line\s+\d+/,
  /Traceback \(most recent call last\)/,
  /^\s*File "[^"]+", line \d+/,
  // PHP: #0 /var/www/x.php(12): f()  and  "... in /var/www/x.php on line 12"
  /^#\d+\s+(?:\S+\.php\(\d+\)|\[internal function\]|\{main\})/,
  /\bin\s+\S+\.php(?:\s+on\s+line\s+|:)\d+/,
  // Ruby: app/models/order.rb:12:in `create'
  /^\s*\S+\.rb:\d+:in\s+[`']/,
  // Go
  /^goroutine \d+ \[[\w ]+\]:/,
  /^\s*\/\S+\.go:\d+/,
];

/** Absolute paths on a server: a system root and two more segments, or a Windows drive path. */
const SERVER_PATH = /(?<![\w/:.%~-])(?:\/(?:var|home|srv|usr|opt|app|apps|etc|tmp|root|mnt|data|www|Users|Library|sites|webapps|inetpub|code|workspace)(?:\/[\w.@-]+){2,}|[A-Za-z]:\\(?:[\w .@-]+\\)+[\w.@-]+)/;

const SQL: readonly RegExp[] = [
  /SQLSTATE\[\w+\]/,
  /You have an error in your SQL syntax/i,
  /\bORA-\d{5}\b/,
  /\bPG::\w+/,
  /\bpsycopg2?\.(?:errors\.)?\w+/,
  /\b(?:System\.Data\.SqlClient\.)?SqlException\b/,
  /\bSQLITE_[A-Z]+\b/,
  /\bER_[A-Z_]{4,}\b/,
  /Unknown column '[^']+' in '/,
  /duplicate key value violates unique constraint/i,
  /relation "[^"]+" does not exist/,
  /syntax error at or near "/,
  /Incorrect syntax near '/,
  /\b(?:SequelizeDatabaseError|QueryFailedError|PrismaClient\w*Error|MongoServerError|DoctrineDBALException)\b/,
  /\bDeadlock found when trying to get lock\b/,
];

const DEBUG_PAGE: readonly RegExp[] = [
  /DEBUG\s*=\s*True/,
  /Werkzeug Debugger/,
  /\bWhoops\\(?:Run|Handler)/,
  /Action Controller: Exception caught/,
  /Server Error in '[^']*' Application/,
  /\bSymfony\\Component\\/,
  /\bIlluminate\\[A-Z]\w+\\/,
  /<pre class="exception_value">/,
  /\bException Details:\s/,
  /\bStack trace:\s*$/,
];

/** Longest quote of a line, so a finding stays one line in a table. */
const QUOTE_MAX = 160;

/** Every string of a JSON value (error texts are in Message, Description, or a framework's own keys). */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

/** An HTML line as text: tags dropped, the few entities crash pages use decoded. */
function htmlText(line: string): string {
  return line.replace(/<[^>]*>/g, ' ').replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&amp;/g, '&');
}

/** The line cut to QUOTE_MAX characters around `index`. */
function quote(line: string, index: number): string {
  const text = line.trim();
  if (text.length <= QUOTE_MAX) return text;
  const start = Math.max(0, Math.min(index - 40, text.length - QUOTE_MAX));
  return `${start > 0 ? '…' : ''}${text.slice(start, start + QUOTE_MAX)}…`;
}

function firstMatch(patterns: readonly RegExp[], line: string): number {
  for (const p of patterns) {
    const m = p.exec(line);
    if (m) return m.index;
  }
  return -1;
}

/** The first line of each kind of leak in `texts` (each text split into lines). */
export function findLeaks(texts: readonly string[]): Leak[] {
  const found = new Map<LeakKind, Leak>();
  const kinds: [LeakKind, readonly RegExp[]][] = [['stack trace', STACK], ['SQL error', SQL], ['framework debug page', DEBUG_PAGE], ['server path', [SERVER_PATH]]];
  for (const text of texts) {
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.length > 4096 ? raw.slice(0, 4096) : raw;
      for (const [kind, patterns] of kinds) {
        if (found.has(kind)) continue;
        const at = firstMatch(patterns, line);
        // A line already quoted (a stack frame names its file's path) is one finding, not two.
        if (at >= 0 && ![...found.values()].some((l) => l.line === quote(line, at))) found.set(kind, { kind, line: quote(line, at) });
      }
    }
  }
  return [...found.values()];
}

/** The texts of an answer body: a JSON document's strings, else its lines (HTML as text). */
export function answerTexts(body: string, json: unknown): string[] {
  if (json !== undefined) return stringsOf(json);
  return /^\s*</.test(body) ? body.split(/\r?\n/).map(htmlText) : [body];
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** How the check is judged: `strict` fails what otherwise warns; `mask` hides secrets in the quotes. */
export interface LeakOptions {
  strict?: boolean;
  mask?: (text: string) => string;
}

/**
 * Judges an answered exchange; undefined when the answer is no error answer (a 2xx or 3xx whose
 * body is not `Success: false` and not an HTML page), or there was no answer.
 */
export function judgeErrorLeaks(exchange: Exchange, options: LeakOptions = {}): CheckResult | undefined {
  const response = exchange.response;
  if (!response) return undefined;
  const body = response.body.toString('utf8');
  const json = parsed(body);
  const crashPage = json === undefined && /^\s*</.test(body);
  const refused = readResponseInfo(json)?.success === false;
  if (response.status < 400 && !refused && !crashPage) return undefined;
  const mask = options.mask ?? ((s: string) => s);
  const findings = findLeaks(answerTexts(body, json)).map((leak): Finding => ({
    severity: options.strict ? 'error' : 'warning',
    message: `the error answer (HTTP ${response.status}) carries a ${leak.kind}: "${mask(leak.line)}"; it tells an attacker the merchant's internals; answer a short message and log the details on the server`,
    expected: 'an error message without stack traces, server paths, SQL errors or debug pages',
    actual: leak.kind,
  }));
  return checkFrom('error-leaks-internals', findings);
}
