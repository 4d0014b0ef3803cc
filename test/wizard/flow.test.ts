/** The wizard's flow with a scripted prompter: what it asks, what it runs, what it saves. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { closeAgents } from '../../src/http/send.js';
import type { XborderConfig } from '../../src/model.js';
import { newDraft, renderDraft, type ConfigDoc, type Draft } from '../../src/wizard/draft.js';
import { runWizard, type WizardRunners } from '../../src/wizard/flow.js';
import type { WizardContext } from '../../src/wizard/questions.js';
import { start, testConfig } from '../mock/merchant-fixtures.js';
import { scriptedPrompter, type Step } from './scripted-prompter.js';
import { brokenSchemaReference, publishedSchemaUrl } from '../../src/config/schema-reference.js';
import { starterConfig } from '../../src/cli/actions/init.js';
import { modeOrder } from '../../src/wizard/auth-questions.js';
import { modesNamed } from '../../src/wizard/auth-probe.js';

const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
const PASSWORD = 'pw-typed-Secret-81';
const HEADER_KEY = 'hdr-typed-Secret-27';

afterEach(async () => {
  await closeAgents();
});

/** The draft as a config, through the real loader (what the CLI's resolver does too). */
async function resolveConfig(draft: Draft): Promise<XborderConfig> {
  const dir = mkdtempSync(join(tmpdir(), 'xborder-flow-'));
  try {
    writeFileSync(join(dir, 'c.json'), renderDraft(draft));
    return await loadConfig({ file: join(dir, 'c.json'), cwd: dir, env: { ...draft.secrets } });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function setup(steps: Step[], doc: ConfigDoc = {}, env: Record<string, string> = {}) {
  const script = scriptedPrompter(steps);
  const said: string[] = [];
  const written: Array<{ file: string; text: string }> = [];
  const runs: Array<{ task: string; draft: Draft; extra?: unknown }> = [];
  const draft = newDraft(doc, 'xborder.config.json', Object.keys(doc).length > 0);
  const ctx: WizardContext = { prompter: script.prompter, output: { say: (t) => said.push(t) }, env, draft, mode: 'missing', resolveConfig };
  const runners: WizardRunners = {
    checkMerchant: async (d, parts, sample) => (runs.push({ task: `check-${parts}`, draft: structuredClone(d), extra: sample }), 0),
    giftCard: async (d) => (runs.push({ task: 'gift-card', draft: structuredClone(d) }), 0),
    platformCall: async (d, target) => (runs.push({ task: 'platform-call', draft: structuredClone(d), extra: target.path }), 1),
    validateFile: async (file, kind) => (runs.push({ task: 'validate', draft, extra: [file, kind] }), 1),
    decodeFile: async (file, all) => (runs.push({ task: 'decode', draft, extra: [file, all] }), 0),
    writeFile: async (file, text) => void written.push({ file, text }),
  };
  return { ctx, runners, script, said, written, runs, draft };
}

describe('wizard: create the configuration', () => {
  const configSteps = (howSecrets: Step[]): Step[] => [
    [/What do you want to do/, 'config'],
    [/Merchant GUID/, GUID],
    [/Merchant base URL/, 'https://shop.example.com/'],
    [/Path of GetCheckoutCartInfo/, '/cart'],
    [/Path of SendOrderToMerchant/, '/order-update-create-url'],
    [/Which methods/, 'GET,POST'],
    [/cart token/, 'abc123'],
    [/Shipping country/, 'FR'],
    [/Currency/, 'EUR'],
    [/Who charges the shopper's card/, 'platform'],
    [/Probe https:\/\/shop.example.com/, false],
    [/Which auth modes/, ['header', 'basic']],
    [/Header name/, 'X-Shop-Key'],
    [/Header value/, HEADER_KEY],
    [/Basic user name/, 'platform'],
    [/Basic password/, PASSWORD],
    [/Configure the platform/, true],
    [/Where is ValidateGiftCard/, 'platform'],
    [/Platform base URL/, 'https://platform.example.com'],
    [/How does the merchant GUID travel/, 'header'],
    [/Save these answers to xborder.config.json/, true],
    ...howSecrets,
    [/Do something else/, false],
  ];

  it('writes secrets as ${ENV} references and says which variables to export', async () => {
    const t = setup(configSteps([[/How should the secrets be written/, 'env']]));
    expect(await runWizard(t.ctx, t.runners)).toBe(0);
    expect(t.script.remaining()).toBe(0);
    expect(t.written).toHaveLength(1);
    const saved = JSON.parse(t.written[0]!.text);
    // The $schema init writes, first: the published schema (no node_modules/xborder beside the file).
    expect(Object.keys(saved)[0]).toBe('$schema');
    expect(saved).toEqual({
      $schema: publishedSchemaUrl(),
      merchantGUID: GUID,
      merchant: { baseUrl: 'https://shop.example.com', cartPath: '/cart', orderPath: '/order-update-create-url', cartMethods: ['GET', 'POST'], cartToken: 'abc123', countryCode: 'FR', currencyCode: 'EUR', payments: 'platform' },
      auth: [
        { mode: 'header', name: 'X-Shop-Key', value: '${XB_HEADER_KEY}' },
        { mode: 'basic', username: 'platform', password: '${XB_BASIC_PASSWORD}' },
      ],
      platform: { baseUrl: 'https://platform.example.com', guidIn: 'header' },
    });
    expect(t.written[0]!.text).not.toContain(PASSWORD);
    expect(t.written[0]!.text).not.toContain(HEADER_KEY);
    const said = t.said.join('');
    expect(said).toMatch(/export XB_HEADER_KEY= +# the value you typed/);
    expect(said).toMatch(/export XB_BASIC_PASSWORD= +# the value you typed/);
    expect(said).not.toContain(PASSWORD);
  });

  it('writes secrets in clear only when the user insists twice', async () => {
    const once = setup(configSteps([[/How should the secrets be written/, 'clear'], [/Really write the secrets in clear/, false]]));
    await runWizard(once.ctx, once.runners);
    expect(once.written[0]!.text).toContain('${XB_BASIC_PASSWORD}');
    expect(once.written[0]!.text).not.toContain(PASSWORD);

    const twice = setup(configSteps([[/How should the secrets be written/, 'clear'], [/Really write the secrets in clear/, true]]));
    await runWizard(twice.ctx, twice.runners);
    expect(twice.written[0]!.text).toContain(PASSWORD);
    expect(twice.written[0]!.text).not.toContain('${XB_BASIC_PASSWORD}');
    expect(twice.said.join('')).not.toMatch(/export XB_BASIC_PASSWORD/);
  });
});

describe('wizard: edit the configuration init wrote', () => {
  it('offers every configured value as the default, keeps ${NAME} references with Enter, and saves init\'s $schema', async () => {
    const doc = { ...starterConfig('/nowhere/xborder.config.json'), $schema: '../../usr/lib/node_modules/xborder/schemas/config.schema.json' } as ConfigDoc;
    (doc.merchant as Record<string, unknown>).cartToken = 'tok-7';
    (doc.merchant as Record<string, unknown>).payments = 'platform';
    const t = setup([
      [/What do you want to do/, 'config'],
      [/Merchant GUID/, '${XB_MERCHANT_GUID}'],
      [/Merchant base URL/, 'https://shop.example.com'],
      [/Path of GetCheckoutCartInfo/, '/get-checkout-cart-info-url'],
      [/Path of SendOrderToMerchant/, '/order-update-create-url'],
      [/Which methods/, 'GET'],
      [/cart token/, 'tok-7'],
      [/Shipping country/, 'DE'],
      [/Currency/, 'EUR'],
      [/Who charges the shopper's card/, 'platform'],
      [/references \$\{XB_MERCHANT_GUID\}/, 'a1b2c3d4-0000-4000-8000-0000000000aa'],
      [/references \$\{XB_HEADER_KEY\}/, HEADER_KEY],
      [/Probe/, false],
      [/Which auth modes/, ['header']],
      [/Header name/, 'X-Merchant-Key'],
      [/Keep the value of \$\{XB_HEADER_KEY\}/, true],
      [/Configure the platform/, false],
      [/Update xborder.config.json/, true],
      [/How should the secrets be written/, 'env'],
      [/Do something else/, false],
    ], doc);
    expect(await runWizard(t.ctx, t.runners)).toBe(0);
    expect(t.script.remaining()).toBe(0);
    // Every question offered what the file holds.
    const offered = (re: RegExp) => [...t.script.defaults].find(([q]) => re.test(q))?.[1];
    expect(offered(/Merchant GUID/)).toBe('${XB_MERCHANT_GUID}');
    expect(offered(/Merchant base URL/)).toBe('https://shop.example.com');
    expect(offered(/cart token/)).toBe('tok-7');
    expect(offered(/Which methods/)).toBe('GET');
    expect(offered(/Who charges/)).toBe('platform');
    expect(offered(/Header name/)).toBe('X-Merchant-Key');
    expect([...t.script.lists].find(([q]) => /Which auth modes/.test(q))?.[1].filter((c) => c.checked).map((c) => c.value)).toEqual(['header']);
    const saved = JSON.parse(t.written[0]!.text);
    // The path into a global install is no use to a teammate: replaced by init's reference.
    expect(saved.$schema).toBe(publishedSchemaUrl());
    expect(saved.merchantGUID).toBe('${XB_MERCHANT_GUID}');
    expect(t.written[0]!.text).not.toContain(HEADER_KEY);
  });
});

describe('wizard: the auth list after the probe', () => {
  it('starts on a mode that can pass once the merchant refused a request without credentials: named ones first, none last', () => {
    expect(modeOrder(undefined, [], []).map((m) => m.value)[0]).toBe('none');
    expect(modeOrder(false, [], []).map((m) => m.value)[0]).toBe('none');
    expect(modeOrder(true, [], []).map((m) => m.value)).toEqual(['header', 'basic', 'jwt', 'query', 'ip', 'none']);
    expect(modeOrder(true, ['jwt', 'basic'], [{ mode: 'query', name: 'k', value: 'v' }]).map((m) => m.value)).toEqual(['jwt', 'basic', 'query', 'header', 'ip', 'none']);
  });

  it('reads the modes a refusal names from WWW-Authenticate', () => {
    expect(modesNamed('Basic realm="shop"')).toEqual(['basic']);
    expect(modesNamed('Bearer realm="api", Basic realm="shop"')).toEqual(['jwt', 'basic']);
    expect(modesNamed(undefined)).toEqual([]);
    expect(modesNamed('Digest realm="x"')).toEqual([]);
  });
});

describe('wizard: credentials typed inside a URL', () => {
  it('saves the password and credential query parameters of a typed URL as ${ENV} references; the run gets the URL as typed', async () => {
    const typed = 'https://bob:pw-Typed-44@gc.example.com/v?apikey=KEY-typed-91&locale=de';
    const t = setup([
      [/What do you want to do/, 'gift-card'],
      [/Merchant GUID/, GUID],
      [/Where is ValidateGiftCard/, 'url'],
      [/ValidateGiftCard URL/, typed],
      [/Save these answers/, true],
      [/How should the secrets be written/, 'env'],
      [/Do something else/, false],
    ]);
    await runWizard(t.ctx, t.runners);
    expect(t.script.remaining()).toBe(0);
    const saved = t.written[0]!.text;
    expect(JSON.parse(saved).giftCard).toEqual({ url: 'https://bob:${XB_GIFT_CARD_URL_PASSWORD}@gc.example.com/v?apikey=${XB_GIFT_CARD_URL_APIKEY}&locale=de' });
    expect(saved).not.toMatch(/pw-Typed-44|KEY-typed-91/);
    expect(t.said.join('')).toMatch(/export XB_GIFT_CARD_URL_PASSWORD= +#[\s\S]*export XB_GIFT_CARD_URL_APIKEY= +#/);
    expect((await resolveConfig(t.runs[0]!.draft)).giftCard.url).toBe(typed);
  });
});

describe('wizard: asks only what the configuration does not settle', () => {
  it('runs the cart check straight away when the file and environment settle everything', async () => {
    const doc = {
      merchantGUID: GUID,
      merchant: { baseUrl: 'https://shop.example.com', cartMethods: ['GET'], countryCode: 'DE', currencyCode: 'EUR', payments: 'merchant' },
      auth: [{ mode: 'basic', username: 'platform', password: '${XB_BASIC_PASSWORD}' }],
    };
    const t = setup(
      [
        [/What do you want to do/, 'check'],
        [/Which checks/, 'cart'],
        [/value \(used for this session only\)/, PASSWORD],
        [/Do something else/, false],
      ],
      doc,
      { XBORDER_CART_TOKEN: 'from-env' },
    );
    expect(await runWizard(t.ctx, t.runners)).toBe(0);
    expect(t.script.asked.some((m) => /XB_BASIC_PASSWORD/.test(m))).toBe(true);
    expect(t.runs).toHaveLength(1);
    expect(t.runs[0]!.task).toBe('check-cart');
    expect(t.runs[0]!.draft.secrets).toEqual({ XB_BASIC_PASSWORD: PASSWORD });
    // Nothing changed in the document, so saving is not offered.
    expect(t.written).toHaveLength(0);
  });

  it('asks the order sample for a single order, and offers to save new answers', async () => {
    const t = setup([
      [/What do you want to do/, 'check'],
      [/Which checks/, 'order'],
      [/Which order sample/, 'order-minimal'],
      [/Merchant GUID/, GUID],
      [/Merchant base URL/, 'http://127.0.0.1:9'],
      [/Who charges the shopper's card/, 'merchant'],
      [/Probe/, false],
      [/Which auth modes/, ['none']],
      [/Save these answers/, false],
      [/Do something else/, true],
      [/What do you want to do/, 'validate'],
      [/Payload file to validate/, 'package.json'],
      [/Validate it as/, 'auto'],
      [/Do something else/, false],
    ]);
    expect(await runWizard(t.ctx, t.runners)).toBe(1);
    expect(t.runs.map((r) => r.task)).toEqual(['check-order', 'validate']);
    expect(t.runs[0]!.extra).toBe('order-minimal');
    expect(t.runs[1]!.extra).toEqual(['package.json', undefined]);
    expect(t.written).toHaveLength(0);
  });
});

describe('wizard: probing the merchant for its auth', () => {
  it('sees that the merchant enforces auth, that the described Basic credentials work, and offers to re-enter a refused header until it works', async () => {
    const server = await start({
      auth: [
        { mode: 'basic', username: 'platform', password: PASSWORD },
        { mode: 'header', name: 'X-Merchant-Key', value: HEADER_KEY },
      ],
    });
    const t = setup([
      [/What do you want to do/, 'config'],
      [/Merchant GUID/, GUID],
      [/Merchant base URL/, server.url],
      [/Path of GetCheckoutCartInfo/, '/get-checkout-cart-info-url'],
      [/Path of SendOrderToMerchant/, '/order-update-create-url'],
      [/Which methods/, 'GET'],
      [/cart token/, testConfig().merchant.cartToken],
      [/Shipping country/, 'DE'],
      [/Currency/, 'EUR'],
      [/Who charges the shopper's card/, 'merchant'],
      [/Probe/, true],
      [/Which auth modes/, ['header', 'basic']],
      [/Header name/, 'X-Merchant-Key'],
      [/Header value/, 'not-the-key'],
      [/Basic user name/, 'platform'],
      [/Basic password/, PASSWORD],
      // The header is refused: the wizard offers to enter it again, and probes again.
      [/Enter the header credentials again/, true],
      [/Header name/, 'X-Merchant-Key'],
      [/Keep the value of \$\{XB_HEADER_KEY\}/, false],
      [/Header value/, HEADER_KEY],
      [/Configure the platform/, false],
      [/Save these answers/, false],
      [/Do something else/, false],
    ]);
    await runWizard(t.ctx, t.runners);
    const said = t.said.join('');
    expect(said).toMatch(/Without credentials: HTTP 401, refused: the merchant enforces authentication/);
    expect(said).toMatch(/With header: HTTP 40[13], refused[\s\S]*With header: HTTP 200, accepted/);
    expect(said).toMatch(/With basic: HTTP 200, accepted/);
  });
});

describe('wizard: editing an existing configuration', () => {
  it('offers the current values as defaults, keeps a secret reference that resolves, and keeps unknown keys', async () => {
    const doc = {
      merchantGUID: GUID,
      merchant: { baseUrl: 'https://old.example.com', cartMethods: ['POST'], cartToken: 'tok', countryCode: 'AT', currencyCode: 'EUR' },
      auth: [{ mode: 'basic', username: 'shop', password: '${MY_PASSWORD}' }],
      timeoutMs: 60000,
    };
    const t = setup(
      [
        [/What do you want to do/, 'config'],
        [/Merchant GUID/, GUID],
        [/Merchant base URL/, 'https://new.example.com'],
        [/Path of GetCheckoutCartInfo/, '/get-checkout-cart-info-url'],
        [/Path of SendOrderToMerchant/, '/order-update-create-url'],
        [/Which methods/, 'POST'],
        [/cart token/, 'tok'],
        [/Shipping country/, 'AT'],
        [/Currency/, 'EUR'],
        [/Who charges the shopper's card/, 'platform'],
        [/Probe/, false],
        [/Which auth modes/, ['basic']],
        [/Basic user name/, 'shop'],
        [/Keep the value of \$\{MY_PASSWORD\}/, true],
        [/Configure the platform/, false],
        [/Update xborder.config.json/, true],
        [/Do something else/, false],
      ],
      doc,
      { MY_PASSWORD: 'from-the-environment' },
    );
    await runWizard(t.ctx, t.runners);
    const offered = (re: RegExp) => [...t.script.defaults].find(([m]) => re.test(m))?.[1];
    expect(offered(/Merchant base URL/)).toBe('https://old.example.com');
    expect(offered(/Which methods/)).toBe('POST');
    expect(offered(/Shipping country/)).toBe('AT');
    // Not in the file yet: the merchant charging is offered, as the default configuration has it.
    expect(offered(/Who charges the shopper's card/)).toBe('merchant');
    expect(offered(/Basic user name/)).toBe('shop');
    // The store's own cart is offered back; the GUID in the file is the sample's, which is never offered.
    expect(offered(/cart token/)).toBe('tok');
    expect(offered(/Merchant GUID/)).toBeUndefined();
    const saved = JSON.parse(t.written[0]!.text);
    expect(saved.merchant.baseUrl).toBe('https://new.example.com');
    expect(saved.merchant.payments).toBe('platform');
    expect(saved.auth).toEqual([{ mode: 'basic', username: 'shop', password: '${MY_PASSWORD}' }]);
    expect(saved.timeoutMs).toBe(60000);
    expect(t.written[0]!.text).not.toContain('from-the-environment');
    // The closing hint names only what the environment does not have already.
    expect(t.said.join('')).not.toContain('export MY_PASSWORD');
    expect(t.said.join('')).toContain('Every environment variable the configuration reads is set in this environment.');
  });
});

describe('wizard: the $schema it keeps', () => {
  it('keeps a URL or a path inside the project; replaces an absolute path, a path to nothing, or one that leaves the project', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xborder-schema-ref-'));
    mkdirSync(join(dir, 'schemas'));
    writeFileSync(join(dir, 'schemas', 'config.schema.json'), '{}');
    const file = join(dir, 'xborder.config.json');
    expect(brokenSchemaReference('https://example.com/config.schema.json', file)).toBe(false);
    expect(brokenSchemaReference('./schemas/config.schema.json', file)).toBe(false);
    expect(brokenSchemaReference('/usr/lib/node_modules/xborder/schemas/config.schema.json', file)).toBe(true);
    expect(brokenSchemaReference('./node_modules/xborder/schemas/config.schema.json', file)).toBe(true);
    // This installation's own schema exists on this machine, but outside the project: no teammate has it there.
    expect(brokenSchemaReference(relative(dir, fileURLToPath(new URL('../../schemas/config.schema.json', import.meta.url))), file)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });
});
