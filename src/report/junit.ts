/**
 * The `--junit FILE` report: one <testsuite> per endpoint, one <testcase> per check of a case.
 * A failed check is <failure>, a check that could not judge is <error>, a skipped one <skipped/>;
 * warnings pass but are written to <system-out> so CI logs still show them.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { caseName } from './case-name.js';
import type { CaseResult, CheckResult, RunResult } from '../model.js';
import { describeFinding } from './finding-text.js';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });

/** Characters XML 1.0 does not allow, even escaped. */
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Renders the run as JUnit XML. */
export function renderJunit(run: RunResult): string {
  const byEndpoint = new Map<string, CaseResult[]>();
  for (const c of run.cases) byEndpoint.set(c.endpoint, [...(byEndpoint.get(c.endpoint) ?? []), c]);
  const suites = [...byEndpoint].map(([endpoint, cases]) => {
    const testcases = cases.flatMap((c) => c.checks.map((check) => testcase(c, check)));
    const count = (s: string) => cases.reduce((n, c) => n + c.checks.filter((k) => k.status === s).length, 0);
    const time = cases.reduce((n, c) => n + (c.response?.durationMs ?? 0), 0) / 1000;
    return {
      '@_name': endpoint,
      '@_tests': testcases.length,
      '@_failures': count('failed'),
      '@_errors': count('errored'),
      '@_skipped': count('skipped'),
      '@_time': time.toFixed(3),
      testcase: testcases,
    };
  });
  const s = run.summary;
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    testsuites: {
      '@_name': `xborder ${run.tool.version}`,
      '@_tests': s.passed + s.failed + s.warnings + s.errored + s.skipped,
      '@_failures': s.failed,
      '@_errors': s.errored,
      '@_skipped': s.skipped,
      testsuite: suites,
    },
  };
  // XML 1.0 cannot carry most control characters, and a merchant's body or values may hold them.
  return `${builder.build(doc)}`.replace(XML_FORBIDDEN, '\uFFFD');
}

/** Longest response body a failure carries: enough to read the merchant's error, not a whole cart. */
const BODY_CHARS = 2000;

/** The merchant's answer of a failed case, so a CI log shows it without re-running (body cut). */
function answerOf(c: CaseResult): string {
  if (!c.response) return '';
  const lines = [`response: HTTP ${c.response.status} in ${Math.round(c.response.durationMs)} ms`];
  if (c.responseBody !== undefined) {
    const rest = c.responseBody.length - BODY_CHARS;
    lines.push(`body: ${c.responseBody.slice(0, BODY_CHARS)}${rest > 0 ? `… (${rest} more characters)` : ''}`);
  }
  return lines.join('\n');
}

function testcase(c: CaseResult, check: CheckResult): Record<string, unknown> {
  const text = check.findings.map(describeFinding).join('\n');
  const node: Record<string, unknown> = {
    '@_name': `${check.id} [${caseName(c)}, auth ${c.authMode}]`,
    '@_classname': `${c.endpoint}.${c.variant}`,
    '@_time': ((c.response?.durationMs ?? 0) / 1000).toFixed(3),
  };
  const detail = [text, answerOf(c), c.curl ? `reproduce: ${c.curl}` : ''].filter(Boolean).join('\n');
  const message = check.findings[0]?.message ?? check.status;
  if (check.status === 'failed') node.failure = { '@_message': message, '@_type': check.id, '#text': detail };
  else if (check.status === 'errored') node.error = { '@_message': message, '@_type': check.id, '#text': detail };
  else if (check.status === 'skipped') node.skipped = { '@_message': message };
  else if (check.status === 'warning') node['system-out'] = `warning: ${text}`;
  return node;
}
