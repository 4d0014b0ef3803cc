/**
 * The certificate's badge: an SVG (flat, as shields.io draws them) and a shields.io endpoint JSON
 * (https://shields.io/badges/endpoint-badge). Green when the profile was met within the age limit,
 * yellow when it was met longer ago, red when not met. Pure: the caller gives the time.
 */
import type { Statement } from '../certify/statement.js';
import type { VerifyRow } from '../certify/verify.js';
import { esc } from './html-text.js';

/** What a badge says. */
export interface Badge {
  label: string;
  message: string;
  /** A shields.io colour name. */
  color: 'brightgreen' | 'yellow' | 'red';
}

const HEX: Record<Badge['color'], string> = { brightgreen: '#4c1', yellow: '#dfb317', red: '#e05d44' };

/** The badge of a statement at `now`: `maxAgeMs` (default 30 days) is how long a met profile stays green. */
export function badgeOf(statement: Statement, now: Date, maxAgeMs = 30 * 86_400_000): Badge {
  const { verdict, profile, finishedAt } = statement.predicate;
  if (verdict.result !== 'met') return { label: 'xborder', message: `${profile.name} not met`, color: 'red' };
  const old = now.getTime() - Date.parse(finishedAt) > maxAgeMs;
  return { label: 'xborder', message: `${profile.name} met${old ? ` ${finishedAt.slice(0, 10)}` : ''}`, color: old ? 'yellow' : 'brightgreen' };
}

/** The shields.io endpoint JSON of a badge. */
export function badgeEndpointJson(badge: Badge): string {
  return `${JSON.stringify({ schemaVersion: 1, label: badge.label, message: badge.message, color: badge.color })}\n`;
}

/** Text width in Verdana 11px, roughly: what shields.io's layout would give, within a few pixels. */
function width(text: string): number {
  return Math.round(text.length * 6.5) + 10;
}

/** The badge as a flat SVG. */
export function badgeSvg(badge: Badge): string {
  const lw = width(badge.label);
  const mw = width(badge.message);
  const total = lw + mw;
  const label = esc(badge.label);
  const message = esc(badge.message);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="20" role="img" aria-label="${label}: ${message}">`,
    `<title>${label}: ${message}</title>`,
    `<rect width="${lw}" height="20" fill="#555"/>`,
    `<rect x="${lw}" width="${mw}" height="20" fill="${HEX[badge.color]}"/>`,
    '<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">',
    `<text x="${lw / 2}" y="14">${label}</text>`,
    `<text x="${lw + mw / 2}" y="14">${message}</text>`,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}

/**
 * The badge of a verification (`verify --badge`): the statement's badge at `now` when only its age may
 * have failed (yellow once older than --max-age), red when the verdict, the profile or the
 * configuration failed, and red `not verified` when it could not be read or is not signed by that key.
 */
export function verifiedBadge(rows: VerifyRow[], statement: Statement | undefined, now: Date, maxAgeMs?: number): Badge {
  if (!statement || rows.some((r) => r.result === 'unreadable')) return { label: 'xborder', message: 'not verified', color: 'red' };
  const failed = rows.filter((r) => r.result === 'failed' && r.check !== 'age');
  const badge = badgeOf(statement, now, maxAgeMs);
  if (failed.length === 0 || badge.color === 'red') return badge;
  return { label: 'xborder', message: `${statement.predicate.profile.name} not verified`, color: 'red' };
}
