/**
 * The configuration chain: built-in defaults <- config file <- XBORDER_* environment <- flags.
 * The environment is passed in (tests never touch process.env). Every problem found on the way is
 * collected and reported at once in a ConfigError (exit 2).
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { DEFAULT_CONFIG_FILE, discoverConfigFile } from './discover.js';
import { commandsInForce } from './commands.js';
import { distrustMessage, distrustOf } from './ownership.js';
import { ConfigError, InputError, UsageError } from '../errors.js';
import type { AuthConfig, XborderConfig } from '../model.js';
import { readJsonFile } from '../io/parse-json.js';
import { validateConfigDocument } from '../validation/index.js';
import { defaultConfig } from './defaults.js';
import { interpolateEnv } from './interpolate.js';
import { FLAG_POINTERS, layeredProblems } from './layered-validation.js';
import { concernsParts, type ConfigPart } from './parts.js';
import { rangeText, SETTING_RANGES } from './limits.js';
import { applyFlags, ENV_VARIABLES, flagsFromEnv, type ConfigFlags } from './overrides.js';
import { semanticProblems } from './semantic-checks.js';
import { concernsRun, documentForMerchant, envForMerchant, merchantListProblems, merchantNamesOf } from './merchants.js';
import { didYouMean } from '../did-you-mean.js';

export { defaultConfig } from './defaults.js';
export type { ConfigFlags } from './overrides.js';

/** Where to look and what overrides the file. */
export interface LoadConfigOptions {
  /** `--config FILE`; when absent, discovery (discover.ts): the nearest xborder.config.json from `cwd` up inside its repository, or `cwd` alone outside one. */
  file?: string;
  cwd: string;
  env: Record<string, string | undefined>;
  flags?: ConfigFlags;
  /**
   * Told the file discovery picked (its path relative to `cwd`), before it is read, so the user
   * learns which file is in force even when it is broken. Not called for `--config`.
   */
  onDiscovered?: (relativePath: string) => void;
  /**
   * Told, before it is read, that the file named with `--config` belongs to another user or may be
   * written by every user (the message says so and how to fix it): the run goes on, warned. A file
   * discovery found in that state is refused instead (InputError, exit 2).
   */
  onDistrusted?: (message: string) => void;
  /**
   * The command sends nothing (`openapi`): an unset `${VARIABLE}` in a credential field of `auth`
   * (value, password, secret, username) is no error; the reference stays as written.
   */
  credentialsUnused?: boolean;
  /**
   * The config file the commands are consented for, when the file read stands for another (the
   * wizard's private copy of the user's file): consent is the user's file's, never the copy's.
   */
  commandsOf?: string;
  /**
   * The entry of the file's `merchants` this run is of (`check --merchants NAME`): its keys over the
   * top level's (merchants.ts). Without one, the top level alone. Either way a problem inside another
   * entry (an unset `${NAME}`) is no error: it is that merchant's, said when it runs.
   */
  merchant?: string;
  /**
   * The parts of the configuration the command uses (parts.ts): a problem in another part (an unset
   * `${NAME}` in the merchant's credentials, for `mock platform`) is no error for it. Every part
   * when absent.
   */
  uses?: readonly ConfigPart[];
}

/** Where an unset variable is no error for a command that sends nothing: the credentials of `auth`. */
const CREDENTIAL_FIELD = /^\/auth\/\d+\/(?:value|password|secret|username): /;

export { DEFAULT_CONFIG_FILE } from './discover.js';

/** Loads, interpolates, validates and layers the configuration. Throws ConfigError / InputError. */
export async function loadConfig(options: LoadConfigOptions): Promise<XborderConfig> {
  const config = defaultConfig();
  const problems: string[] = [];
  // Without --config: the nearest xborder.config.json from the working directory up (discover.ts).
  const discovered = options.file ? undefined : discoverConfigFile(options.cwd);
  const file = options.file ? resolve(options.cwd, options.file) : (discovered ?? resolve(options.cwd, DEFAULT_CONFIG_FILE));
  const fileGiven = options.file !== undefined;
  let fileDoc: unknown;
  const label = options.file ?? (discovered ? relative(options.cwd, discovered) || DEFAULT_CONFIG_FILE : DEFAULT_CONFIG_FILE);
  if (discovered) options.onDiscovered?.(label);

  if (fileGiven || existsSync(file)) {
    if (fileGiven && !existsSync(file)) throw new InputError(`Configuration file ${label} does not exist.`, label);
    // Another user's file, or one anyone may rewrite, is refused when found, warned when named.
    const distrust = distrustOf(file);
    if (distrust && !fileGiven) throw new InputError(distrustMessage(label, distrust, false), label);
    if (distrust) options.onDistrusted?.(distrustMessage(label, distrust, true));
    const raw = await readJsonFile(file, 'configuration');
    fileDoc = raw;
    const { value, problems: envProblems, substituted, references } = interpolateEnv(raw, options.env);
    // A value a flag or XBORDER_* variable replaces is not used: its unset ${NAME} is no error.
    const replaced = replacedPointers([envForMerchant(flagsFromEnv(options.env), raw, options.merchant), options.flags ?? {}]);
    const ours = (path: string) => concernsRun(path, raw, options.merchant) && concernsParts(path, options.uses) && !replaced(path);
    // interpolateEnv names each problem by its JSON pointer first (`/auth/1/value: environment ...`).
    const unset = (options.credentialsUnused ? envProblems.filter((p) => !CREDENTIAL_FIELD.test(p)) : envProblems).filter((p) => ours(pointerOf(p)));
    problems.push(...unset);
    const unsetAt = new Set(envProblems.map(pointerOf));
    for (const finding of validateConfigDocument(value)) {
      // A value whose ${NAME} is unset was said once, as such: its form (a GUID's) is not judged too.
      if (ours(finding.path ?? '') && !unsetAt.has(finding.path || '/')) problems.push(`${finding.path || '/'}: ${withRange(finding.path, finding.message)}`);
    }
    problems.push(...merchantListProblems(value));
    config.merchantNames = merchantNamesOf(value);
    if (options.merchant !== undefined && !config.merchantNames.includes(options.merchant)) {
      throw new UsageError(`No merchant ${JSON.stringify(options.merchant)} in ${label}.${didYouMean(options.merchant, config.merchantNames)}`);
    }
    if (problems.length === 0) mergeFile(config, documentForMerchant(value, options.merchant) as ConfigFileShape);
    if (options.merchant !== undefined) config.merchantName = options.merchant;
    config.source = label;
    config.envValues = substituted;
    config.envReferences = references;
    // A command the file sets runs only with the user's consent, unless a flag or variable replaced it.
    const envGiven = envForMerchant(flagsFromEnv(options.env), raw, options.merchant);
    const commands = commandsInForce(documentForMerchant(raw, options.merchant), (flag) => envGiven[flag] !== undefined || options.flags?.[flag] !== undefined);
    if (commands.length > 0) config.fileCommands = options.commandsOf === undefined ? { file, label, commands } : { file: resolve(options.cwd, options.commandsOf), label: options.commandsOf, commands };
  }

  const fileProblems = problems.length;
  // A merchant's own keys win over the variables, which stand for the top level (merchants.ts).
  const envFlags = envForMerchant(flagsFromEnv(options.env), fileDoc, options.merchant);
  const envName = (key: keyof ConfigFlags) => Object.keys(ENV_VARIABLES).find((k) => ENV_VARIABLES[k] === key) ?? key;
  const flagName = (key: keyof ConfigFlags) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  problems.push(...applyFlags(config, envFlags, envName));
  problems.push(...applyFlags(config, options.flags ?? {}, flagName));
  // The values flags and variables set are held to the file's schema too.
  const layered = layeredProblems(config, [{ flags: envFlags, originOf: envName }, { flags: options.flags ?? {}, originOf: flagName }]);
  // The file is named only when it is where every problem lies; flags and variables name themselves.
  const onlyFile = problems.length === fileProblems && layered.length === 0;
  if (problems.length === 0) {
    // A layered value the schema refuses was still merged, so the semantic checks can run; where
    // both speak of one key (a URL), the semantic check says it better.
    const semantic = semanticProblems(config, options.cwd).filter((p) => concernsParts(p, options.uses));
    problems.push(...layered.filter((l) => !semantic.some((s) => s.startsWith(`${l.key}:`))).map((l) => l.message), ...semantic);
  } else problems.push(...layered.map((l) => l.message));
  if (problems.length > 0) throw new ConfigError(problems, onlyFile && fileProblems > 0 ? config.source ?? label : undefined);
  if (options.merchant !== undefined && config.merchantName === undefined) throw new UsageError(`No merchant ${JSON.stringify(options.merchant)}: ${label} does not exist, so there is no merchants list.`);
  return config;
}

/** The JSON pointer a problem of interpolateEnv starts with (`/auth/1/value: environment ...`). */
function pointerOf(problem: string): string {
  return problem.slice(0, problem.indexOf(': '));
}

/** A test for the pointers (a merchant's of `merchants` too) whose value one of `layers` sets. */
function replacedPointers(layers: ConfigFlags[]): (pointer: string) => boolean {
  const set = layers.flatMap((flags) => (Object.keys(flags) as (keyof ConfigFlags)[]).filter((k) => flags[k] !== undefined).map((k) => FLAG_POINTERS[k]));
  return (pointer) => {
    const own = pointer.replace(/^\/merchants\/\d+(?=\/)/, '');
    return set.some((p) => own === p || own.startsWith(`${p}/`));
  };
}

/** A schema's bound on a ranged setting (`must be <= 2147483647`) with the whole accepted range. */
function withRange(path: string | undefined, message: string): string {
  // A merchant's own setting has the top level's range.
  const key = (path ?? '').replace(/^\/merchants\/\d+/, '').slice(1) as keyof typeof SETTING_RANGES;
  const range = Object.hasOwn(SETTING_RANGES, key) ? SETTING_RANGES[key] : undefined;
  return range && /^must be [<>]/.test(message) ? `${message}: the accepted range is ${rangeText(range)}` : message;
}

/** The config file as its schema describes it (validated before this is used). */
interface ConfigFileShape {
  merchantGUID?: string;
  merchant?: Partial<XborderConfig['merchant']>;
  platform?: Partial<XborderConfig['platform']>;
  giftCard?: XborderConfig['giftCard'];
  auth?: AuthConfig[];
  timeoutMs?: number;
  connectTimeoutMs?: number;
  firstByteTimeoutMs?: number;
  maxBodyBytes?: number;
  retries?: number;
  retryIntervalMs?: number;
  ca?: string;
  insecure?: boolean;
  proxy?: string;
}

function mergeFile(config: XborderConfig, file: ConfigFileShape): void {
  if (file.merchantGUID !== undefined) config.merchantGUID = file.merchantGUID;
  Object.assign(config.merchant, definedOnly(file.merchant ?? {}));
  Object.assign(config.platform, definedOnly(file.platform ?? {}));
  Object.assign(config.giftCard, definedOnly(file.giftCard ?? {}));
  if (file.auth !== undefined) config.auth = file.auth;
  const http = config.http;
  if (file.timeoutMs !== undefined) {
    http.timeoutMs = file.timeoutMs;
    http.firstByteTimeoutMs = file.timeoutMs;
  }
  if (file.connectTimeoutMs !== undefined) http.connectTimeoutMs = file.connectTimeoutMs;
  if (file.firstByteTimeoutMs !== undefined) http.firstByteTimeoutMs = file.firstByteTimeoutMs;
  if (file.maxBodyBytes !== undefined) http.maxBodyBytes = file.maxBodyBytes;
  if (file.retries !== undefined) http.retries = file.retries;
  if (file.retryIntervalMs !== undefined) http.retryIntervalMs = file.retryIntervalMs;
  if (file.ca !== undefined) http.caFile = file.ca;
  if (file.insecure !== undefined) http.insecure = file.insecure;
  if (file.proxy !== undefined) http.proxy = file.proxy;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}
