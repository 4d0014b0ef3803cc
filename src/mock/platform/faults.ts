/**
 * The named ways the reference platform can misbehave on purpose. Each fault is one small change of
 * behaviour, and `catches` names the xborder check that notices it: running `gift-card validate` or
 * `platform call` against `xborder mock platform --fault NAME` shows that check fail (or warn).
 * `trigger` says which request shows it when a plain ValidateGiftCard of a test card does not.
 */
import { didYouMean } from '../../did-you-mean.js';
import { UsageError } from '../../errors.js';

/** One deliberate misbehaviour of the reference platform. */
export interface PlatformFault {
  /** The name given to `--fault`. */
  name: string;
  /** What the platform does wrong. */
  description: string;
  /** Id of the xborder check (gift-card validate, platform call) the fault shows in. */
  catches: string;
  /**
   * What that check ends in against the fault: `failed`, or only `warning` (a tolerated form).
   * `passed` only for `guid-ignored`: the check passes where the conforming platform fails it,
   * because no request the merchant side sends can tell a platform that ignores the GUID from one
   * that accepts it.
   */
  status: 'failed' | 'warning' | 'passed';
  /** The request that shows the fault, when a ValidateGiftCard of a valid test card does not. */
  trigger?: string;
}

/** A request every conforming platform refuses (401), for the faults of error answers. */
const WRONG_GUID = 'a request it refuses, e.g. gift-card validate with another --merchant-guid';

/** Every fault, in the order `--list-faults` prints them. */
export const PLATFORM_FAULTS: readonly PlatformFault[] = [
  { name: 'error-200', catches: 'gift-card-response-schema', status: 'failed', trigger: WRONG_GUID, description: 'errors (400, 401, 404, 405, 501...) are answered HTTP 200 with their ErrorInfo body: on ValidateGiftCard an answer without IsValid (other operations document no answer that could fail)' },
  { name: 'error-info-no-code', catches: 'error-info-schema', status: 'failed', trigger: WRONG_GUID, description: 'error answers keep their status but the ErrorInfo body has no Code (only Error and Description)' },
  { name: 'error-code-number', catches: 'error-info-lenient', status: 'warning', trigger: WRONG_GUID, description: 'ErrorInfo Code is a number (401) instead of the documented string ("401"): a tolerated form, so a warning' },
  { name: 'gift-card-no-isvalid', catches: 'gift-card-response-schema', status: 'failed', description: 'ValidateGiftCard answers without IsValid (the rest of the answer as usual)' },
  { name: 'gift-card-balance-string', catches: 'gift-card-response-lenient', status: 'warning', description: 'Balance is a numeric string ("75.50") instead of a number: documented as sometimes sent so, a tolerated form, so a warning' },
  { name: 'gift-card-isvalid-string', catches: 'gift-card-response-lenient', status: 'warning', description: 'IsValid is the string "true" or "false" instead of a boolean: a tolerated form, so a warning' },
  { name: 'guid-ignored', catches: 'status-200', status: 'passed', trigger: 'gift-card validate with another --merchant-guid', description: 'accepts requests with a missing or wrong merchant GUID. No check can fail on it: a wrong GUID passes status-200 here, where the conforming platform fails it with 401' },
  { name: 'html-502', catches: 'status-200', status: 'failed', description: 'every answer is an HTML error page (a gateway\'s) with HTTP 502' },
  { name: 'slow', catches: 'within-timeout', status: 'failed', trigger: 'a --timeout shorter than --slow-ms, e.g. --timeout 2s', description: 'sleeps slowMs (default 3000 ms) before answering: failed when the run\'s timeout is shorter, a warning when over half of it' },
];

/** Milliseconds the `slow` fault sleeps when not told otherwise. */
export const DEFAULT_SLOW_MS = 3000;

/**
 * Checks a fault name given by the user. Undefined, empty or `none` means no fault; an unknown name
 * is a UsageError listing every known name.
 */
export function resolvePlatformFault(name: string | undefined): PlatformFault | undefined {
  if (name === undefined || name === '' || name === 'none') return undefined;
  const fault = PLATFORM_FAULTS.find((f) => f.name === name);
  if (!fault) {
    const names = PLATFORM_FAULTS.map((f) => f.name);
    throw new UsageError(`Unknown platform fault "${name}".${didYouMean(name, names)} Known faults: ${names.join(', ')}.`);
  }
  return fault;
}
