/**
 * Flags shared by the commands that talk to a merchant or the platform. Commander declares no
 * defaults here: unset flags stay undefined so the config file and XBORDER_* variables decide.
 */
import { Option, type Command } from 'commander';
import type { ConfigFlags } from '../../config/overrides.js';

/** Adds the connection and target flags to `cmd`: every command that sends a request. */
export function addConfigFlags(cmd: Command): Command {
  return addConnectionFlags(
    cmd
      .option('--merchant-url <url>', 'merchant base URL (config merchant.baseUrl)')
      .option('--platform-url <url>', 'platform base URL (config platform.baseUrl)')
      .option('--merchant-guid <guid>', 'merchant GUID (config merchantGUID)'),
  );
}

/** Adds how requests travel (timeouts, TLS, proxy): only commands that send anything take them. */
function addConnectionFlags(cmd: Command): Command {
  return cmd
    .option('--timeout <duration>', 'total timeout per request, e.g. 300000, 30s, 5m (default 5m)')
    .option('--connect-timeout <duration>', 'connect timeout (default 10s)')
    .option('--first-byte-timeout <duration>', 'time to the first response byte (default: the total timeout)')
    .option('--max-body <size>', 'cap on response bodies, e.g. 10MiB (default 10MiB)')
    .option('--retries <n>', 'retry requests that failed to start (never after a response or timeout)')
    .option('--retry-interval <duration>', 'wait between retries (default 60s, the platform rule)')
    .option('--ca <file>', 'PEM file of a private CA to trust')
    .option('--insecure', 'do not verify TLS certificates (warned on every run)')
    .option('--proxy <url>', 'HTTP(S) proxy (default: HTTPS_PROXY / HTTP_PROXY)');
}

/** Adds the merchant-cart flags. */
export function addCartFlags(cmd: Command): Command {
  return cmd
    .option('--cart-token <token>', 'cart token to request (config merchant.cartToken)')
    .option('--cart-token-param <name>', 'URL parameter carrying the cart token (config merchant.cartTokenParam, default merchantCartToken)')
    .option('--carts <tokens>', 'comma-separated fresh cart tokens, one per order (config merchant.carts)')
    .option('--new-cart <command>', 'shell command printing one fresh cart token per run (config merchant.newCart.command)')
    .option('--country <code>', 'countryCode to request (config merchant.countryCode)')
    .option('--currency <code>', 'currencyCode to request (config merchant.currencyCode)')
    .addOption(new Option('--cart-methods <list>', 'GET, POST or GET,POST (config merchant.cartMethods)'));
}

/**
 * Adds `--allow-commands`: the commands that may run a configuration's commands (its newCart) take
 * it. They run only with consent (src/config/consent.ts); the flag gives it for this run (CI).
 */
export function addAllowCommandsFlag(cmd: Command): Command {
  return cmd.option('--allow-commands', "run the config file's commands (merchant.newCart.command) for this run without asking (also XBORDER_ALLOW_COMMANDS=1; `xborder allow` records consent)");
}

/** A report flag a command may leave out because it cannot honour it. */
export type ReportFlag = '--last-failed' | '--concurrency';

/**
 * Adds the report flags of a conformance run, less those in `omit`: a command accepts only the
 * flags it acts on, so `fuzz --last-failed` is refused (exit 2) rather than silently ignored.
 */
export function addReportFlags(cmd: Command, omit: ReportFlag[] = []): Command {
  cmd
    .option('--strict', 'lenient forms (casing, aliases, numbers as strings) fail instead of warn')
    .option('--junit <file>', 'also write a JUnit XML report to FILE')
    .option('--html <file>', 'also write a self-contained HTML report to FILE')
    .option('--auth <modes>', 'only these configured auth modes, e.g. header,jwt')
    .option('--checks <ids>', 'report only these check ids, e.g. auth-enforced,guid-enforced (`xborder checks` lists them)')
    .option('--exclude-checks <ids>', 'leave these check ids out')
    .option('--out <dir>', 'save the run folder here (default .xborder/runs/<UTC time>)')
    .option('--no-save', 'do not save a run folder')
    .option('--github', 'GitHub Actions job summary (GITHUB_STEP_SUMMARY) and annotations; automatic when GITHUB_ACTIONS=true');
  if (!omit.includes('--concurrency')) cmd.option('--concurrency <n>', 'requests in flight at once (default 4)');
  if (!omit.includes('--last-failed')) cmd.option('--last-failed', 'run only the cases that failed or errored in the newest saved run');
  return cmd;
}

/** Adds the merchant URL alone: for commands that describe the merchant but send nothing (`openapi`). */
export function addMerchantUrlFlag(cmd: Command): Command {
  return cmd.option('--merchant-url <url>', 'merchant base URL (config merchant.baseUrl)');
}

/** The ConfigFlags part of a command's parsed options. */
export function configFlagsFrom(opts: Record<string, unknown>): ConfigFlags {
  const keys: (keyof ConfigFlags)[] = ['merchantUrl', 'platformUrl', 'merchantGuid', 'cartToken', 'cartTokenParam', 'carts', 'newCart', 'country', 'currency', 'cartMethods', 'giftCardUrl', 'timeout', 'connectTimeout', 'firstByteTimeout', 'maxBody', 'retries', 'retryInterval', 'ca', 'insecure', 'proxy'];
  const flags: Record<string, unknown> = {};
  for (const key of keys) if (opts[key] !== undefined) flags[key] = opts[key];
  return flags as ConfigFlags;
}

/** The Examples section every command's help ends with. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  ${l}`).join('\n')}`;
}
