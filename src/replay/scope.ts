/**
 * Which recorded requests `replay` sends: only to the target (`--target`, else merchant.baseUrl),
 * and only the merchant's endpoints unless `--all`. A recording is a file anyone can hand over: it
 * can name any host and any path, and every request replay sends carries the configured
 * credentials. So an entry recorded for another origin (scheme, host and port) is held back with its
 * reason, except a merchant endpoint when `--target` was given: that is the documented way to send a
 * recording made against one merchant (staging) to another (a local build). Pure.
 */
import type { XborderConfig } from '../model.js';
import { recognise } from '../judge/recognise.js';
import type { ReplayItem } from './source.js';

/** Where replay sends and what the user allowed. */
export interface ScopeOptions {
  /** The target's base URL (its origin is where requests go). */
  target: URL;
  /** True when the target came from `--target` (the user named it for this recording). */
  explicitTarget: boolean;
  /** `--all`: also entries that are no merchant endpoint (still only on the target's origin). */
  all: boolean;
  /** The config whose merchant paths (below the target's base path) name the endpoints. */
  config: XborderConfig;
}

/** The entries to send, in order, and those held back with why. */
export interface Scoped {
  send: ReplayItem[];
  held: { variant: string; why: string }[];
}

/** Splits `items` into those replay may send and those it must not. */
export function scopeReplay(items: ReplayItem[], options: ScopeOptions): Scoped {
  const target = options.target.origin;
  const located = { ...options.config, merchant: { ...options.config.merchant, baseUrl: options.target.toString() } };
  const send: ReplayItem[] = [];
  const held: Scoped['held'] = [];
  for (const item of items) {
    const origin = new URL(item.request.url).origin;
    const endpoint = recognise(located, item.request.method, item.request.url) !== undefined;
    if (origin !== target && !(endpoint && options.explicitTarget)) {
      const how = endpoint ? '; `--target URL` sends the merchant calls of a recording made elsewhere to URL' : '';
      held.push({ variant: item.variant, why: `recorded for ${origin}, which is not the target ${target} (replay sends only to --target or merchant.baseUrl${how})` });
    } else if (!endpoint && !options.all) {
      held.push({ variant: item.variant, why: 'not a merchant endpoint (cart, order or lifecycle path below the target); `--all` sends these too, to the target only' });
    } else send.push(item);
  }
  return { send, held };
}
