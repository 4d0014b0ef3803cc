/**
 * The `--junit FILE` report: one <testsuite> per endpoint, one <testcase> per check of a case.
 * A failed check is <failure>, a check that could not judge is <error>, a skipped one <skipped/>;
 * warnings pass but are written to <system-out> so CI logs still show them.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { caseName } from './case-name.js';
import { partialLine } from './summary.js';
import type { CaseResult, CheckResult, RunResult } from '../model.js';
import { describeFinding } from './finding-text.js';
import { checkHelp } from './check-help.js';
import { displayMask } from '../redact/run.js';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });

/** Characters XML 1.0 does not allow, even escaped. */
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** How the JUnit file is written. */
export interface JunitOptions {
  /**
   * The final mask, applied to every text and attribute value before XML escaping (never to the XML
   * text: a free-text rule would eat markup). Defaults to the run's display mask (redact/run.ts):
   * the file leaves the process, so it gets the final mask whoever renders it.
   */
  mask?: (text: string) => string;
}

/** One <testsuite>, as the XML builder takes it. */
export type JunitSuite = Record<string, unknown> & { '@_tests': number; '@_failures': number; '@_errors': number; '@_skipped': number };

/** Renders the run as JUnit XML. */
export function renderJunit(run: RunResult, options: JunitOptions = {}): string {
  const mask = options.mask ?? displayMask;
  const byEndpoint = new Map<string, CaseResult[]>();
  for (const c of run.cases) byEndpoint.set(c.endpoint, [...(byEndpoint.get(c.endpoint) ?? []), c]);
  const suites = [...byEndpoint].map(([endpoint, cases]) => junitSuite(endpoint, cases, mask));
  // An interrupted run says so where CI dashboards look: the suites' properties.
  const partial = partialLine(run);
  return junitDocument(`xborder ${run.tool.version}`, suites, partial ? [{ name: 'xborder.partial', value: partial }] : []);
}

/** One <testsuite> named `name`: a <testcase> per check of each of `cases`. */
export function junitSuite(name: string, cases: CaseResult[], mask: (text: string) => string = displayMask): JunitSuite {
  const testcases = cases.flatMap((c) => c.checks.map((check) => testcase(c, check, mask)));
  const count = (s: string) => cases.reduce((n, c) => n + c.checks.filter((k) => k.status === s).length, 0);
  const time = cases.reduce((n, c) => n + (c.response?.durationMs ?? 0), 0) / 1000;
  return {
    '@_name': mask(name),
    '@_tests': testcases.length,
    '@_failures': count('failed'),
    '@_errors': count('errored'),
    '@_skipped': count('skipped'),
    '@_time': time.toFixed(3),
    testcase: testcases,
  };
}

/** The XML of `suites` under one <testsuites> named `name`, with the totals of theirs and `properties`. */
export function junitDocument(name: string, suites: JunitSuite[], properties: { name: string; value: string }[] = []): string {
  const total = (key: '@_tests' | '@_failures' | '@_errors' | '@_skipped') => suites.reduce((n, s) => n + s[key], 0);
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    testsuites: {
      '@_name': name,
      '@_tests': total('@_tests'),
      '@_failures': total('@_failures'),
      '@_errors': total('@_errors'),
      '@_skipped': total('@_skipped'),
      ...(properties.length ? { properties: { property: properties.map((p) => ({ '@_name': p.name, '@_value': p.value })) } } : {}),
      testsuite: suites,
    },
  };
  // XML 1.0 cannot carry most control characters, and a merchant's body or values may hold them.
  return `${builder.build(doc)}`.replace(XML_FORBIDDEN, '\uFFFD');
}

/** Longest response body a failure carries: enough to read the merchant's error, not a whole cart. */
const BODY_CHARS = 2000;

/** The merchant's answer of a failed case, so a CI log shows it without re-running (body masked whole, then cut). */
function answerOf(c: CaseResult, mask: (text: string) => string): string {
  if (!c.response) return '';
  const lines = [`response: HTTP ${c.response.status} in ${Math.round(c.response.durationMs)} ms`];
  if (c.responseBody !== undefined) {
    const body = mask(c.responseBody);
    const rest = body.length - BODY_CHARS;
    lines.push(`body: ${body.slice(0, BODY_CHARS)}${rest > 0 ? `… (${rest} more characters)` : ''}`);
  }
  return lines.join('\n');
}

function testcase(c: CaseResult, check: CheckResult, mask: (text: string) => string): Record<string, unknown> {
  const text = mask(check.findings.map((f) => describeFinding(f)).join('\n'));
  const node: Record<string, unknown> = {
    '@_name': mask(`${check.id} [${caseName(c)}, auth ${c.authMode}]`),
    '@_classname': mask(`${c.endpoint}.${c.variant}`),
    '@_time': ((c.response?.durationMs ?? 0) / 1000).toFixed(3),
  };
  // Numbers too: a finding's actual value may be a card number written as a JSON number.
  const help = checkHelp(check.id);
  const see = help ? `see: ${help.command} (${help.docs})` : '';
  const detail = mask([text, see, answerOf(c, mask), c.curl ? `reproduce: ${mask(c.curl)}` : ''].filter(Boolean).join('\n'));
  const message = mask(check.findings[0]?.message ?? check.status);
  if (check.status === 'failed') node.failure = { '@_message': message, '@_type': check.id, '#text': detail };
  else if (check.status === 'errored') node.error = { '@_message': message, '@_type': check.id, '#text': detail };
  else if (check.status === 'skipped') node.skipped = { '@_message': message };
  else if (check.status === 'warning') node['system-out'] = `warning: ${text}`;
  return node;
}
