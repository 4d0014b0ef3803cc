/**
 * The GitHub Actions output of a run whose names come from a recording (a replayed run folder, a HAR):
 * one annotation line per failed check, whatever the endpoint, variant, auth mode, check id or finding
 * hold, and a job summary with no raw control character and no line that starts a workflow command.
 */
import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/model.js';
import { githubAnnotations, renderGithubSummary } from '../../src/report/github.js';
import { toRunResult } from '../../src/report/summary.js';
import { expectSafeText, RAW_CONTROL } from '../helpers/terminal-safe.js';

const HOSTILE = 'x\u001b[2J\u0007\u009b1m\u202e\r\n::error title=pwned::injected\n  ::add-mask::y\u2028::warning::z';

const hostileCase: CaseResult = {
  endpoint: `GetCheckoutCartInfo${HOSTILE}` as CaseResult['endpoint'],
  variant: `GET ${HOSTILE}`,
  authMode: `none${HOSTILE}`,
  request: { method: 'GET', url: 'http://127.0.0.1:9/x', headers: {} },
  checks: [
    { id: `schema${HOSTILE}`, status: 'failed', findings: [{ message: HOSTILE, path: `/a${HOSTILE}`, expected: HOSTILE, actual: HOSTILE }] },
    { id: 'status-200', status: 'failed', findings: [{ message: HOSTILE }] },
  ],
};

describe('GitHub output of recorded text', () => {
  it('one annotation line per failed check: a check id or a finding with line breaks and escapes stays on it', () => {
    const lines = githubAnnotations(toRunResult([hostileCase]));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain('\n');
      expect(line).toMatch(/^::error title=xborder [^:]*::/);
    }
    // The title too: a check id read from a run folder is the recording's text.
    expect(lines.join('\n')).not.toMatch(RAW_CONTROL);
    expectSafeText(lines.join('\n').replace(/^::error title=xborder [^:]*::/gm, ''), 'annotations (their text)');
    expect(lines[1]).toMatch(/^::error title=xborder status-200::/);
  });

  it('the job summary holds every name escaped, one table row per failed check', () => {
    const summary = renderGithubSummary(toRunResult([hostileCase]), 'replay');
    expectSafeText(summary, 'summary');
    expect(summary).toContain('| nonex\\x1b[2J\\x07\\x9b1m\\u202e');
    expect(summary.split('\n').filter((l) => l.startsWith('| GetCheckoutCartInfo'))).toHaveLength(2);
  });
});
