/**
 * The types of one xborder run, in the order data flows:
 * config -> RequestSpec -> Exchange -> CheckResult -> CaseResult -> RunResult -> report.
 * Every module speaks these types; nothing here does any work.
 */

/** Outcome of one check. `failed`: the target does not conform; `errored`: we could not tell. */
export type CheckStatus = 'passed' | 'failed' | 'warning' | 'errored' | 'skipped';

/** How much a finding weighs: `error` fails its check, `warning` warns, `info` only informs. */
export type Severity = 'error' | 'warning' | 'info';

/** One thing a check noticed, with what it expected and what it received. */
export interface Finding {
  /** One sentence a person can act on. */
  message: string;
  /** JSON pointer into the payload (`/productsList/0/SalePrice`), when the finding is about a value. */
  path?: string;
  /** What the interface documents (a type, a value, a form). */
  expected?: unknown;
  /** What was received. Secrets are masked before any report shows it. */
  actual?: unknown;
  /** Defaults to `error` when absent. */
  severity?: Severity;
}

/** The result of one named check (its id is its public name in every report and in `--checks`). */
export interface CheckResult {
  id: string;
  status: CheckStatus;
  findings: Finding[];
  /** Short human title for tables; defaults to the id. */
  title?: string;
}

export type HttpMethod = 'GET' | 'POST';

/** A request as xborder will send it (after auth has been applied). */
export interface RequestSpec {
  method: HttpMethod;
  url: string;
  /** Header names in the case they are sent. */
  headers: Record<string, string>;
  /** Body text, already serialised. */
  body?: string;
  /** Local address to bind (the `ip` auth mode). */
  localAddress?: string;
}

/** A response as received, body capped. */
export interface ReceivedResponse {
  status: number;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Raw body bytes after content decoding (gzip, br), at most the body cap. */
  body: Buffer;
  /** True when the body was longer than the cap and was cut. */
  truncated: boolean;
  /** Milliseconds from sending to the first byte of the response head. */
  timeToFirstByteMs: number;
}

/** Why a request produced no (complete) response. */
export interface TransportError {
  /** Stable machine code: ECONNREFUSED, ENOTFOUND, ECONNRESET, TIMEOUT_CONNECT, TIMEOUT_FIRST_BYTE, TIMEOUT_TOTAL, TLS, ... */
  code: string;
  /** One-line human explanation (no stack). */
  message: string;
}

/** One request/response round trip. `send` never throws: transport problems land in `error`. */
export interface Exchange {
  request: RequestSpec;
  response?: ReceivedResponse;
  error?: TransportError;
  /** Total wall time of the exchange in milliseconds. */
  durationMs: number;
}

/** The endpoint a case exercises. */
export type Endpoint =
  | 'GetCheckoutCartInfo'
  | 'SendOrderToMerchant'
  | 'PerformOrderPayment'
  | 'UpdateOrderStatus'
  | 'UpdateOrderShippingInfo'
  | 'SendAdditionalRequiredDocumentsToMerchant'
  | 'NotifyOrderRefund'
  | 'OrderLifecycle'
  | 'ValidateGiftCard'
  | 'PlatformCall'
  /** A storefront page's data attributes (`xborder storefront`). */
  | 'Storefront';

/** One case of a run: one request (or a short sequence) and the checks judged on it. */
export interface CaseResult {
  endpoint: Endpoint;
  /** What distinguishes this case: `GET`, `POST`, a sample name, `negative:missing-credentials`, ... */
  variant: string;
  /** The auth mode the case ran in (`none`, `header`, `basic`, `jwt`, `query`, `ip`). */
  authMode: string;
  /** `bodyBytes`: the body's size on the wire, on the cases whose size is what they test (`order-large`). */
  request: { method: HttpMethod; url: string; headers: Record<string, string>; bodyBytes?: number };
  response?: { status: number; durationMs: number };
  checks: CheckResult[];
  /** curl command reproducing the case (secrets masked); set for failed cases. */
  curl?: string;
  /** reproduce.sh for the run folder: credentials as environment references; set for failed cases. */
  reproduce?: string;
  /** Where the run folder saved that script, once saved (the table shows it instead of the curl). */
  reproducePath?: string;
  /** Response body text for failed cases and `-v` (truncated, secrets masked). */
  responseBody?: string;
  /** Request body text for `-v` (secrets masked). */
  requestBody?: string;
  /** Response headers for `-v`. */
  responseHeaders?: Record<string, string>;
  /**
   * The cart the case's order converted (or the fetched cart's own case): where its token came from.
   * `synthetic`: made up by xborder, so a refusal cannot be told from a refusal of the cart.
   */
  cart?: {
    origin: 'list' | 'command' | 'configured' | 'synthetic';
    /** Shown beside the case's name in every report: `synthetic cart`, `cart not fetched`. */
    label?: string;
  };
  /** URL-encoded values of the response and their decoded form, for `-v`. */
  decodedValues?: { path: string; raw: string; decoded: string }[];
}

/** Counts of check statuses across a run. */
export interface Summary {
  passed: number;
  failed: number;
  warnings: number;
  errored: number;
  skipped: number;
}

/** The whole result of a run: what every report is a pure function of. */
export interface RunResult {
  tool: { name: 'xborder'; version: string };
  summary: Summary;
  cases: CaseResult[];
  /**
   * Set when the run was interrupted (Ctrl-C, SIGTERM) before every planned case finished: the
   * report holds the finished cases only.
   */
  partial?: PartialRun;
  /**
   * Said once at the top of every report: an auth mode whose credentials the merchant refused
   * ("header auth refused on the cart GET (401): check XB_HEADER_KEY"), its other cases skipped.
   */
  notices?: string[];
  /** The auth modes the run was configured with (a negative sent without credentials runs as `none` all the same). */
  authModes?: string[];
  /**
   * Set when the merchant refused the credentials of every auth mode run: nothing positive could be
   * judged, and the table says so in a few lines (the JSON keeps every case).
   */
  credentialsRefused?: boolean;
  /** Set when the merchant stopped answering during the run (or never answered): what happened. */
  stopped?: MerchantStop;
  /** The name of the configured merchant (an entry of `merchants`) the run was of, when it was one. */
  merchant?: string;
}

/** A merchant that stopped answering: when, why, after what, and what was in flight then. */
export interface MerchantStop {
  /** ISO time of the first exchange that could not reach it. */
  at: string;
  /** The merchant's base URL. */
  url: string;
  /** The transport error (ECONNREFUSED, ECONNRESET, ENOTFOUND...) and its words. */
  code: string;
  message: string;
  /** Requests it answered before; 0: it never answered in this run. */
  answeredBefore: number;
  /** The last request it answered (`POST /order-update-create-url`). */
  lastAnswer?: string;
  /** The steps whose requests were in flight when it fell over. */
  inFlight: string[];
  /** The cases whose checks failed for the fall (the copies that took it down). */
  crashedUnder?: string[];
  /** Cases not sent because it had stopped. */
  notSent: number;
}

/** How much of an interrupted run finished. */
export interface PartialRun {
  /** What stopped it: `SIGINT` or `SIGTERM`. */
  signal: string;
  /** Cases finished (those in the report) and cases planned. */
  casesDone: number;
  casesPlanned: number;
}

/** Auth modes a merchant may configure (see the contract's config example). */
export type AuthConfig =
  | { mode: 'none' }
  | { mode: 'header'; name: string; value: string }
  | { mode: 'basic'; username: string; password: string }
  | {
      mode: 'jwt';
      algorithm: 'HS256' | 'RS256' | 'ES256';
      /** HS256 shared secret. */
      secret?: string;
      /** RS256/ES256 PEM private key file. */
      privateKeyFile?: string;
      issuer?: string;
      audience?: string;
      ttlSeconds?: number;
      /** Extra claims merged into the payload. */
      claims?: Record<string, unknown>;
      /** Header carrying the token; default `Authorization`. */
      header?: string;
      /** Scheme before the token; default `Bearer`; empty string for a bare token. */
      scheme?: string;
    }
  | { mode: 'query'; name: string; value: string }
  | { mode: 'ip'; localAddress: string; deniedLocalAddress?: string };

export type AuthMode = AuthConfig['mode'];

/** Transport settings shared by every outgoing request. */
export interface HttpSettings {
  /** Total time for one exchange (the platform's SendOrderToMerchant timeout is 5 minutes). */
  timeoutMs: number;
  connectTimeoutMs: number;
  firstByteTimeoutMs: number;
  /** Response bodies longer than this are cut and reported. */
  maxBodyBytes: number;
  /** Retries of requests that failed to start (never after a response or a timeout). */
  retries: number;
  retryIntervalMs: number;
  /** PEM file of a private CA to trust. */
  caFile?: string;
  /** Skip TLS verification (warned on every run). */
  insecure?: boolean;
  /** HTTP(S) proxy URL. */
  proxy?: string;
}

/** The order lifecycle calls beyond SendOrderToMerchant that a merchant may implement. */
export type LifecycleEvent = 'payment' | 'status' | 'shipping-info' | 'documents' | 'refund';

/** The resolved configuration: defaults <- file <- XBORDER_* env <- flags. */
export interface XborderConfig {
  merchantGUID: string;
  merchant: {
    baseUrl: string;
    cartPath: string;
    orderPath: string;
    cartMethods: HttpMethod[];
    cartToken: string;
    countryCode: string;
    currencyCode: string;
    cartParams: Record<string, string>;
    /**
     * URL parameters added to SendOrderToMerchant and the lifecycle calls: a fixed value, or
     * `{cart:NAME}` for the value of the cart's `urlParameters` entry NAME (see merchant/order-params.ts).
     */
    orderParams?: Record<string, string>;
    /** The URL parameter carrying the cart token (default `merchantCartToken`). */
    cartTokenParam: string;
    /** Tokens of fresh carts, each used for at most one order. */
    carts: string[];
    /**
     * A shell command printing one fresh cart token per run. `notAllowed`: the command came from the
     * config file and the user did not allow it (config/consent.ts): it is not run, and the cases
     * that need its carts are skipped with this reason.
     */
    newCart?: { command: string; timeoutMs?: number; notAllowed?: string };
    /** The lifecycle events the merchant implements (default none). */
    events: LifecycleEvent[];
    /**
     * Who charges the card: `merchant` (orders carry PaymentDetails, payment checks run; the default)
     * or `platform` (the platform never sends PaymentDetails to this merchant). Absent reads as `merchant`.
     */
    payments?: 'merchant' | 'platform';
    paymentPath: string;
    statusPath: string;
    shippingInfoPath: string;
    documentsPath: string;
    refundPath: string;
  };
  platform: {
    baseUrl?: string;
    /** How the merchant GUID travels on platform calls. */
    guidIn: 'query' | 'header';
  };
  giftCard: {
    /** Full URL of ValidateGiftCard when not `{platform.baseUrl}/ValidateGiftCard`. */
    url?: string;
  };
  auth: AuthConfig[];
  http: HttpSettings;
  /** The names of the config file's `merchants`, in its order (none: a file of one merchant). */
  merchantNames?: string[];
  /** The entry of `merchants` this config is of (its keys over the top level's), when a run named one. */
  merchantName?: string;
  /** Where the config came from (for messages); undefined when only defaults were used. */
  source?: string;
  /** Values substituted from `${NAME}` references: treated as secrets by the redactor. */
  envValues?: string[];
  /** Which variable gave which value (reproduction scripts refer to the variable, never the value). */
  envReferences?: { name: string; value: string }[];
  /**
   * The commands the config file sets that are in force (no flag or XBORDER_* variable replaced
   * them), as written in `file` (its absolute path; `label` as the user knows it): they run only
   * with the user's consent.
   */
  fileCommands?: { file: string; label: string; commands: ConfigCommand[] };
}

/** A command a configuration file sets: its setting (`merchant.newCart.command`) and its text as written. */
export interface ConfigCommand {
  setting: string;
  command: string;
}
