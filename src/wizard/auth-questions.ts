/**
 * Which auth modes the merchant enforces, and their credentials. Secrets are typed masked and go
 * into the draft as `${XB_...}` references; the merchant can be probed first (no credentials) and
 * each described mode tried, so the user learns before the run whether the credentials work.
 */
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import type { AuthConfig, AuthMode } from '../model.js';
import { describeProbe, probeCart } from './auth-probe.js';
import { getIn, referenceName, secretRef, setIn } from './draft.js';
import type { Choice } from './prompter.js';
import { shouldAsk, type WizardContext } from './questions.js';

const MODES: Choice<AuthMode>[] = [
  { name: 'none', value: 'none', description: 'requests without credentials are accepted' },
  { name: 'header: a secret in a custom header', value: 'header' },
  { name: 'basic: HTTP Basic authentication', value: 'basic' },
  { name: 'jwt: a signed token in Authorization', value: 'jwt' },
  { name: 'query: a secret URL parameter', value: 'query' },
  { name: 'ip: an IP whitelist', value: 'ip' },
];

/** Asks for the auth modes (probing the merchant first if the user wants) and stores them in the draft. */
export async function askAuth(ctx: WizardContext): Promise<void> {
  if (!shouldAsk(ctx, ['auth'])) return;
  const { prompter, output } = ctx;
  const existing = Array.isArray(getIn(ctx.draft.doc, ['auth'])) ? (getIn(ctx.draft.doc, ['auth']) as AuthConfig[]) : [];
  const url = getIn(ctx.draft.doc, ['merchant', 'baseUrl']);
  let enforced: boolean | undefined;
  let named: AuthMode[] = [];
  if (typeof url === 'string' && (await prompter.confirm({ message: `Probe ${url} to see whether it enforces authentication?`, default: true }))) {
    const result = await probeCart(await ctx.resolveConfig(ctx.draft), { mode: 'none' });
    output.say(`${describeProbe(result)}\n`);
    enforced = result.verdict === 'refused' ? true : result.verdict === 'accepted' ? false : undefined;
    named = result.named ?? [];
  }

  let modes: AuthMode[] = [];
  while (modes.length === 0) {
    modes = await prompter.multiSelect({
      message: 'Which auth modes does the merchant use? (space toggles, enter confirms)',
      choices: modeOrder(enforced, named, existing).map((m) => ({
        ...m,
        checked: existing.length > 0 ? existing.some((e) => e.mode === m.value) : enforced === false ? m.value === 'none' : named.includes(m.value),
      })),
    });
    if (modes.length === 0) output.say('Choose at least one mode ("none" when the merchant accepts requests without credentials).\n');
  }
  if (enforced && modes.includes('none')) output.say('Note: the merchant refused a request without credentials, so checks in mode "none" will fail.\n');

  const list: AuthConfig[] = [];
  for (const mode of modes) list.push(await askMode(ctx, mode, existing.find((e) => e.mode === mode)));
  setIn(ctx.draft, ['auth'], list);

  if (enforced !== undefined && list.some((a) => a.mode !== 'none')) await probeDescribed(ctx, list);
}

/**
 * The modes in the order the list offers them: after the probe found authentication enforced, the
 * modes its refusal named (WWW-Authenticate), then the configured ones, then the rest, and `none`
 * last, so the cursor starts on a mode that can pass; otherwise the usual order, `none` first.
 */
export function modeOrder(enforced: boolean | undefined, named: readonly AuthMode[], existing: readonly AuthConfig[]): Choice<AuthMode>[] {
  if (enforced !== true) return MODES;
  const rank = (m: AuthMode) => (m === 'none' ? 3 : named.includes(m) ? 0 : existing.some((e) => e.mode === m) ? 1 : 2);
  return [...MODES].sort((a, b) => rank(a.value) - rank(b.value) || (named.indexOf(a.value) - named.indexOf(b.value)));
}

/** Tries at most this many times to get a refused mode's credentials right. */
const RETRIES = 3;

/**
 * Probes each described mode; when the merchant refuses one, offers to enter its credentials again
 * and probes again, before anything runs with credentials that cannot work.
 */
async function probeDescribed(ctx: WizardContext, list: AuthConfig[]): Promise<void> {
  const { prompter, output } = ctx;
  for (let i = 0; i < list.length; i++) {
    if (list[i]!.mode === 'none') continue;
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const config = await ctx.resolveConfig(ctx.draft);
      const auth = config.auth.find((a) => a.mode === list[i]!.mode)!;
      const result = await probeCart(config, auth);
      output.say(`${describeProbe(result)}\n`);
      if (result.verdict !== 'refused') break;
      if (!(await prompter.confirm({ message: `Enter the ${list[i]!.mode} credentials again?`, default: true }))) break;
      list[i] = await askMode(ctx, list[i]!.mode, list[i]);
      setIn(ctx.draft, ['auth'], list);
    }
  }
}

async function askMode(ctx: WizardContext, mode: AuthMode, existing: AuthConfig | undefined): Promise<AuthConfig> {
  const { prompter } = ctx;
  const old = (existing ?? {}) as Record<string, unknown>;
  const text = async (message: string, key: string, fallback: string) =>
    (await prompter.text({ message, default: typeof old[key] === 'string' ? (old[key] as string) : fallback, validate: (v) => v.trim() !== '' || 'required' })).trim();
  switch (mode) {
    case 'none':
      return { mode };
    case 'header':
      return { mode, name: await text('Header name:', 'name', 'X-Merchant-Key'), value: await askSecret(ctx, 'XB_HEADER_KEY', 'Header value (secret):', old.value) };
    case 'basic':
      return { mode, username: await text('Basic user name:', 'username', 'platform'), password: await askSecret(ctx, 'XB_BASIC_PASSWORD', 'Basic password:', old.password) };
    case 'query':
      return { mode, name: await text('URL parameter name:', 'name', 'key'), value: await askSecret(ctx, 'XB_QUERY_KEY', 'URL parameter value (secret):', old.value) };
    case 'ip': {
      const address = (message: string, key: string, required: boolean) =>
        prompter.text({
          message,
          ...(typeof old[key] === 'string' ? { default: old[key] as string } : {}),
          validate: (v) => (!required && v.trim() === '') || isIP(v.trim()) !== 0 || 'an IP address of this machine',
        });
      const localAddress = (await address('Local address the merchant whitelists (this machine):', 'localAddress', true)).trim();
      const denied = (await address('A local address it must refuse (empty: skip that check):', 'deniedLocalAddress', false)).trim();
      return { mode, localAddress, ...(denied ? { deniedLocalAddress: denied } : {}) };
    }
    case 'jwt': {
      const algorithm = await prompter.select<'HS256' | 'RS256' | 'ES256'>({
        message: 'JWT algorithm:',
        choices: [
          { name: 'HS256 (shared secret)', value: 'HS256' },
          { name: 'RS256 (RSA private key, as the platform signs)', value: 'RS256' },
          { name: 'ES256 (EC private key)', value: 'ES256' },
        ],
        default: (old.algorithm as 'HS256' | 'RS256' | 'ES256' | undefined) ?? 'HS256',
      });
      const key =
        algorithm === 'HS256'
          ? { secret: await askSecret(ctx, 'XB_JWT_SECRET', 'JWT shared secret:', old.secret) }
          : {
              privateKeyFile: (
                await prompter.text({
                  message: 'PEM private key file:',
                  ...(typeof old.privateKeyFile === 'string' ? { default: old.privateKeyFile } : {}),
                  validate: (v) => existsSync(resolve(v.trim())) || 'no such file',
                })
              ).trim(),
            };
      const issuer = await text('Issuer (iss claim):', 'issuer', 'platform');
      const ttl = await prompter.text({
        message: 'Token lifetime in seconds:',
        default: String(typeof old.ttlSeconds === 'number' ? old.ttlSeconds : 300),
        validate: (v) => /^\d+$/.test(v.trim()) || 'a whole number of seconds',
      });
      return { mode, algorithm, ...key, issuer, ttlSeconds: Number(ttl) };
    }
  }
}

/**
 * A secret: kept when the file already has one (a `${NAME}` reference that resolves, or a value),
 * else typed masked and stored as a `${NAME}` reference.
 */
async function askSecret(ctx: WizardContext, envName: string, message: string, existing: unknown): Promise<string> {
  const ref = referenceName(existing);
  if (ref !== undefined && (ctx.env[ref] !== undefined || ctx.draft.secrets[ref] !== undefined)) {
    if (await ctx.prompter.confirm({ message: `Keep the value of \${${ref}}?`, default: true })) return existing as string;
  } else if (typeof existing === 'string' && existing !== '' && ref === undefined) {
    if (await ctx.prompter.confirm({ message: 'Keep the current value (written in clear in the file)?', default: true })) return existing;
  }
  const value = await ctx.prompter.secret({ message, validate: (v) => v !== '' || 'required' });
  return secretRef(ctx.draft, ref ?? envName, value);
}
