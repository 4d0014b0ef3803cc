import { describe, expect, it } from 'vitest';
import { buildStatement, type Statement } from '../../src/certify/statement.js';
import { renderCertificateHtml } from '../../src/report/certificate-html.js';
import { badgeEndpointJson, badgeOf, badgeSvg, verifiedBadge } from '../../src/report/certificate-badge.js';
import type { VerifyRow } from '../../src/certify/verify.js';
import { HTML_CSP } from '../../src/report/html.js';

function statement(result: 'met' | 'not met', finishedAt = '2026-11-01T00:00:00.000Z'): Statement {
  return buildStatement({
    configurationDigest: 'c'.repeat(64),
    reportDigest: 'r'.repeat(64),
    predicate: {
      profile: { name: 'go-live', digest: { sha256: 'p'.repeat(64) }, definition: { name: 'go-live', description: 'd', run: { orders: 'all', sequences: true, negatives: true, events: true, largeOrder: true }, requirements: [{ check: 'reachable', endpoints: 'all', authModes: 'each' }] } },
      xborder: { version: '9.9.9' },
      startedAt: '2026-11-01T00:00:00.000Z',
      finishedAt,
      configuration: { merchantGUID: 'guid-<script>', baseUrl: 'http://127.0.0.1:1/' },
      coverage: {
        endpoints: ['GetCheckoutCartInfo'],
        authModes: ['header', 'basic'],
        cells: [
          { endpoint: 'GetCheckoutCartInfo', authMode: 'header', check: 'reachable', status: 'passed' },
          { endpoint: 'GetCheckoutCartInfo', authMode: 'basic', check: 'reachable', status: result === 'met' ? 'warned' : 'failed' },
          { endpoint: 'SendOrderToMerchant', authMode: 'any', check: 'redelivery-concurrent', status: result === 'met' ? 'passed' : 'not covered' },
        ],
        failedElsewhere: [],
      },
      verdict: result === 'met' ? { result, missing: [] } : { result, missing: ['reachable at GetCheckoutCartInfo (basic): failed', 'redelivery-concurrent at SendOrderToMerchant (any): not covered'] },
    },
  });
}

describe('the certificate page', () => {
  it('shows the verdict, the digests and each cell of the matrix under its auth mode, escaped and self-contained', () => {
    const html = renderCertificateHtml(statement('met'));
    expect(html).toContain(`content="${HTML_CSP}"`);
    expect(html).toContain('<div class="verdict v-passed">Profile go-live met</div>');
    expect(html).toContain('c'.repeat(64));
    expect(html).toContain('<th>header</th><th>basic</th><th>any</th>');
    expect(html).toContain('<tr><td class="mono">reachable</td><td>GetCheckoutCartInfo</td><td><span class="badge st-passed">passed</span></td><td><span class="badge st-warning">warned</span></td><td></td></tr>');
    expect(html).toContain('guid-&lt;script&gt;');
    expect(html).not.toMatch(/<script|https?:\/\/(?!127)/i);
  });

  it('lists what is missing when the profile is not met', () => {
    const html = renderCertificateHtml(statement('not met'));
    expect(html).toContain('<div class="verdict v-failed">Profile go-live not met</div>');
    expect(html).toContain('<li>redelivery-concurrent at SendOrderToMerchant (any): not covered</li>');
    expect(html).toContain('<span class="badge ">not covered</span>');
  });
});

describe('the badge', () => {
  const now = new Date('2026-11-10T00:00:00.000Z');
  it('is green when met within the age limit, yellow once older, red when not met', () => {
    expect(badgeOf(statement('met'), now)).toEqual({ label: 'xborder', message: 'go-live met', color: 'brightgreen' });
    expect(badgeOf(statement('met', '2026-09-01T00:00:00.000Z'), now)).toEqual({ label: 'xborder', message: 'go-live met 2026-09-01', color: 'yellow' });
    expect(badgeOf(statement('not met'), now)).toEqual({ label: 'xborder', message: 'go-live not met', color: 'red' });
  });

  it('draws an SVG in the colour and writes the shields.io endpoint form', () => {
    const red = badgeOf(statement('not met'), now);
    expect(badgeSvg(red)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" [^>]*aria-label="xborder: go-live not met">/);
    expect(badgeSvg(red)).toContain('fill="#e05d44"');
    expect(JSON.parse(badgeEndpointJson(red))).toEqual({ schemaVersion: 1, label: 'xborder', message: 'go-live not met', color: 'red' });
  });

  it('of a verification: yellow when only too old, red when another check failed or it could not be read', () => {
    const row = (check: string, result: VerifyRow['result']): VerifyRow => ({ check, result, detail: '' });
    const fine = [row('signature', 'ok'), row('verdict', 'ok'), row('age', 'ok')];
    expect(verifiedBadge(fine, statement('met'), now).color).toBe('brightgreen');
    expect(verifiedBadge([...fine.slice(0, 2), row('age', 'failed')], statement('met', '2026-09-01T00:00:00.000Z'), now, 30 * 86_400_000)).toEqual({ label: 'xborder', message: 'go-live met 2026-09-01', color: 'yellow' });
    expect(verifiedBadge([...fine, row('configuration', 'failed')], statement('met'), now)).toEqual({ label: 'xborder', message: 'go-live not verified', color: 'red' });
    expect(verifiedBadge([row('signature', 'unreadable')], undefined, now)).toEqual({ label: 'xborder', message: 'not verified', color: 'red' });
    expect(verifiedBadge([...fine, row('verdict', 'failed')], statement('not met'), now).message).toBe('go-live not met');
  });
});
