/**
 * The configuration questions. Each one is skipped when the config file or an XBORDER_* variable
 * already settles its value, unless the wizard is editing the whole configuration, where every
 * question is asked with the current value as its default.
 */
import type { XborderConfig } from '../model.js';
import { SAMPLE_CART_TOKEN, SAMPLE_MERCHANT_GUID } from '../config/defaults.js';
import { countryChoices, currencyChoices } from './countries.js';
import { isSecretParam, MASK } from '../redact/patterns.js';
import { getIn, referenceName, referencedVariables, setIn, urlWithReferences, type Draft } from './draft.js';
import type { Prompter, WizardOutput } from './prompter.js';

/** What every question needs. */
export interface WizardContext {
  prompter: Prompter;
  output: WizardOutput;
  /** The process environment (XBORDER_* variables settle values; `${NAME}` references resolve). */
  env: Record<string, string | undefined>;
  draft: Draft;
  /** `missing`: ask only what is not settled; `all`: ask everything (editing the configuration). */
  mode: 'missing' | 'all';
  /** The draft as a loaded configuration (the same loading and validation as a command's). */
  resolveConfig(draft: Draft): Promise<XborderConfig>;
}

/** True when the question for `path` should be asked. */
export function shouldAsk(ctx: WizardContext, path: readonly string[], envVariable?: string): boolean {
  if (ctx.mode === 'all') return true;
  if (envVariable && ctx.env[envVariable]) return false;
  return getIn(ctx.draft.doc, path) === undefined;
}

const str = (v: unknown, fallback: string) => (typeof v === 'string' && v !== '' ? v : fallback);

/**
 * `validate`, except that the configured value is accepted as it is: a `${NAME}` reference the file
 * holds (`"merchantGUID": "${XB_MERCHANT_GUID}"`, as `init` writes it) is offered as the default and
 * Enter keeps it, although the reference itself is no GUID or URL.
 */
function orCurrent(current: unknown, validate: (value: string) => true | string): (value: string) => true | string {
  return (value) => (typeof current === 'string' && value.trim() === current.trim() && referenceName(current.trim()) !== undefined) || validate(value);
}

/** Validation for a base URL. */
export function validUrl(value: string): true | string {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? true : 'an http:// or https:// URL';
  } catch {
    return 'a URL such as https://shop.example.com';
  }
}

const stars = (value: string, answered: boolean) => (value === '' ? '' : answered ? MASK : '*'.repeat(value.length));

/**
 * A URL as the answer line shows it, never its credentials: the password of `user:password@` (the
 * last `@` before the path ends it) and the value of every credential query parameter starred.
 * While the user info is still being typed (no `/`, `?` or `#` yet) all after `user:` is starred
 * unless it is a port, since a password may hold `@` and the host is not known yet.
 */
export function urlForDisplay(value: string, answered: boolean): string {
  const m = /^(\s*[a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([\s\S]*)$/i.exec(value);
  if (!m) return value;
  let authority = m[2]!;
  const rest = m[3]!;
  const colon = authority.indexOf(':');
  const at = authority.lastIndexOf('@');
  if (colon >= 0) {
    const head = authority.slice(0, colon + 1);
    if (rest === '' && !answered && !/^\d*$/.test(authority.slice(colon + 1))) authority = head + stars(authority.slice(colon + 1), false);
    else if (at > colon) authority = head + stars(authority.slice(colon + 1, at), answered) + authority.slice(at);
  }
  const q = rest.indexOf('?');
  const shownRest =
    q < 0
      ? rest
      : rest.slice(0, q + 1) +
        rest
          .slice(q + 1)
          .split('&')
          .map((pair) => {
            const eq = pair.indexOf('=');
            const hash = pair.indexOf('#', eq);
            const end = hash < 0 ? pair.length : hash;
            return eq > 0 && isSecretParam(pair.slice(0, eq)) ? `${pair.slice(0, eq + 1)}${stars(pair.slice(eq + 1, end), answered)}${pair.slice(end)}` : pair;
          })
          .join('&');
  return `${m[1]}${authority}${shownRest}`;
}

/** A typed URL with its password and credential query parameters turned into `${XB_...}` references. */
function keepUrl(ctx: WizardContext, url: string, prefix: string): string {
  return urlWithReferences(ctx.draft, url, prefix, isSecretParam);
}

/** The configured value as the default of a value the platform or the store issues, unless it is the sample's. */
function issuedDefault(current: unknown, sample: string): { default?: string } {
  return typeof current === 'string' && current.trim() !== '' && current !== sample ? { default: current } : {};
}

const GUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** The merchant GUID (8-4-4-4-12 hex). */
export async function askGuid(ctx: WizardContext): Promise<void> {
  if (!shouldAsk(ctx, ['merchantGUID'], 'XBORDER_MERCHANT_GUID')) return;
  const value = await ctx.prompter.text({
    message: 'Merchant GUID (issued by the platform):',
    // Issued by the platform: asked without a default, never offered the sample's (only the reference merchant knows it).
    ...issuedDefault(getIn(ctx.draft.doc, ['merchantGUID']), SAMPLE_MERCHANT_GUID),
    validate: orCurrent(getIn(ctx.draft.doc, ['merchantGUID']), (v) => GUID.test(v.trim()) || 'a GUID: 8-4-4-4-12 hexadecimal digits'),
  });
  setIn(ctx.draft, ['merchantGUID'], value.trim());
}

/** The merchant's base URL. */
export async function askMerchantUrl(ctx: WizardContext): Promise<void> {
  if (!shouldAsk(ctx, ['merchant', 'baseUrl'], 'XBORDER_MERCHANT_URL')) return;
  const current = getIn(ctx.draft.doc, ['merchant', 'baseUrl']);
  const value = await ctx.prompter.text({
    message: 'Merchant base URL (where its endpoints live):',
    ...(typeof current === 'string' ? { default: current } : {}),
    validate: orCurrent(current, validUrl),
    display: urlForDisplay,
  });
  setIn(ctx.draft, ['merchant', 'baseUrl'], keepUrl(ctx, value.trim().replace(/\/+$/, ''), 'XB_MERCHANT_URL'));
}

/** Paths, methods, cart token, country and currency of the cart request. */
export async function askCartSettings(ctx: WizardContext): Promise<void> {
  const { prompter, draft } = ctx;
  if (ctx.mode === 'all') {
    for (const [key, fallback, what] of [
      ['cartPath', '/get-checkout-cart-info-url', 'GetCheckoutCartInfo'],
      ['orderPath', '/order-update-create-url', 'SendOrderToMerchant'],
    ] as const) {
      const value = await prompter.text({
        message: `Path of ${what}:`,
        default: str(getIn(draft.doc, ['merchant', key]), fallback),
        validate: (v) => v.trim().startsWith('/') || 'a path starting with /',
      });
      setIn(draft, ['merchant', key], value.trim());
    }
  }
  if (shouldAsk(ctx, ['merchant', 'cartMethods'], 'XBORDER_CART_METHODS')) {
    const current = getIn(draft.doc, ['merchant', 'cartMethods']);
    // Plain strings as values: a select finds its default by equality, which arrays never have.
    const configured = Array.isArray(current) ? (current.length === 2 ? 'GET,POST' : current[0] === 'POST' ? 'POST' : 'GET') : undefined;
    const chosen = await prompter.select<string>({
      message: 'Which methods does GetCheckoutCartInfo accept server-side?',
      choices: [
        { name: 'GET (the platform default)', value: 'GET' },
        { name: 'POST (OrderID and MerchantGUID in the body)', value: 'POST' },
        { name: 'GET and POST', value: 'GET,POST' },
      ],
      ...(configured ? { default: configured } : {}),
    });
    const methods = chosen.split(',');
    setIn(draft, ['merchant', 'cartMethods'], methods);
  }
  if (shouldAsk(ctx, ['merchant', 'cartToken'], 'XBORDER_CART_TOKEN')) {
    const token = await prompter.text({
      message: 'A cart token the merchant knows (merchantCartToken of a test cart):',
      // A cart of the merchant's own store: no default but the one the configuration already has.
      ...issuedDefault(getIn(draft.doc, ['merchant', 'cartToken']), SAMPLE_CART_TOKEN),
      validate: (v) => v.trim() !== '' || 'a cart token is required',
    });
    setIn(draft, ['merchant', 'cartToken'], token.trim());
  }
  if (shouldAsk(ctx, ['merchant', 'countryCode'], 'XBORDER_COUNTRY')) {
    const country = await prompter.search({ message: 'Shipping country of the test cart:', choices: countryChoices(), default: str(getIn(draft.doc, ['merchant', 'countryCode']), 'DE') });
    setIn(draft, ['merchant', 'countryCode'], country);
  }
  if (shouldAsk(ctx, ['merchant', 'currencyCode'], 'XBORDER_CURRENCY')) {
    const currency = await prompter.search({ message: 'Currency of the test cart:', choices: currencyChoices(), default: str(getIn(draft.doc, ['merchant', 'currencyCode']), 'EUR') });
    setIn(draft, ['merchant', 'currencyCode'], currency);
  }
}

/**
 * Who charges the card (merchant.payments): the platform sends PaymentDetails only to merchants
 * that charge it themselves, so for the others orders carry none and no payment check runs.
 */
export async function askPayments(ctx: WizardContext): Promise<void> {
  if (!shouldAsk(ctx, ['merchant', 'payments'])) return;
  const payments = await ctx.prompter.select<'merchant' | 'platform'>({
    message: 'Who charges the shopper\'s card?',
    choices: [
      { name: 'The merchant (orders carry PaymentDetails; payment checks run)', value: 'merchant' },
      { name: 'The platform (orders carry no PaymentDetails; no payment checks)', value: 'platform' },
    ],
    default: getIn(ctx.draft.doc, ['merchant', 'payments']) === 'platform' ? 'platform' : 'merchant',
  });
  setIn(ctx.draft, ['merchant', 'payments'], payments);
}

/** The platform's base URL (and, when editing everything, where the GUID travels). */
export async function askPlatform(ctx: WizardContext): Promise<void> {
  if (shouldAsk(ctx, ['platform', 'baseUrl'], 'XBORDER_PLATFORM_URL')) {
    const current = getIn(ctx.draft.doc, ['platform', 'baseUrl']);
    const value = await ctx.prompter.text({
      message: 'Platform base URL (integration, staging or production):',
      ...(typeof current === 'string' ? { default: current } : {}),
      validate: orCurrent(current, validUrl),
      display: urlForDisplay,
    });
    setIn(ctx.draft, ['platform', 'baseUrl'], keepUrl(ctx, value.trim().replace(/\/+$/, ''), 'XB_PLATFORM_URL'));
  }
  if (ctx.mode === 'all') {
    const guidIn = await ctx.prompter.select<'query' | 'header'>({
      message: 'How does the merchant GUID travel on platform calls?',
      choices: [
        { name: 'merchantGUID query parameter', value: 'query' },
        { name: 'MerchantGUID header', value: 'header' },
      ],
      default: getIn(ctx.draft.doc, ['platform', 'guidIn']) === 'header' ? 'header' : 'query',
    });
    setIn(ctx.draft, ['platform', 'guidIn'], guidIn);
  }
}

/** Where ValidateGiftCard lives: on the platform, or at a URL of its own. */
export async function askGiftCardTarget(ctx: WizardContext): Promise<void> {
  const hasUrl = getIn(ctx.draft.doc, ['giftCard', 'url']) !== undefined || Boolean(ctx.env.XBORDER_GIFT_CARD_URL);
  const hasPlatform = getIn(ctx.draft.doc, ['platform', 'baseUrl']) !== undefined || Boolean(ctx.env.XBORDER_PLATFORM_URL);
  if (ctx.mode === 'missing' && (hasUrl || hasPlatform)) return;
  const where = await ctx.prompter.select<'platform' | 'url'>({
    message: 'Where is ValidateGiftCard?',
    choices: [
      { name: 'On the platform: {platform base URL}/ValidateGiftCard', value: 'platform' },
      { name: 'At a URL of its own (e.g. a merchant-hosted /validate-gift-card-url)', value: 'url' },
    ],
    default: hasUrl ? 'url' : 'platform',
  });
  if (where === 'platform') {
    await askPlatform(ctx);
    return;
  }
  const current = getIn(ctx.draft.doc, ['giftCard', 'url']);
  const url = await ctx.prompter.text({ message: 'ValidateGiftCard URL:', ...(typeof current === 'string' ? { default: current } : {}), validate: orCurrent(current, validUrl), display: urlForDisplay });
  setIn(ctx.draft, ['giftCard', 'url'], keepUrl(ctx, url.trim(), 'XB_GIFT_CARD_URL'));
}

/**
 * Asks, masked, for every `${NAME}` the configuration references that the environment does not set:
 * the run needs the value; the saved file keeps the reference.
 */
export async function askMissingVariables(ctx: WizardContext): Promise<void> {
  for (const name of referencedVariables(ctx.draft.doc)) {
    if (ctx.env[name] !== undefined || ctx.draft.secrets[name] !== undefined) continue;
    ctx.draft.secrets[name] = await ctx.prompter.secret({
      message: `The configuration references \${${name}}, which is not set. Its value (used for this session only):`,
    });
  }
}
