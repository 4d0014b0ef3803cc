/**
 * The point of the platform faults: xborder's own platform code (validateGiftCard, callPlatform),
 * run in-process against the reference platform on port 0, passes on the conforming platform and,
 * for each fault, ends the check the fault names in the status it names. Each fault is also run
 * against the conforming platform with the same requests, so the status comes from the fault.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/defaults.js';
import { isCheckId } from '../../src/checks/registry.js';
import { closeAgents } from '../../src/http/send.js';
import type { CaseResult, XborderConfig } from '../../src/model.js';
import { PLATFORM_FAULTS, resolvePlatformFault, type PlatformFault } from '../../src/mock/platform/faults.js';
import { startMockPlatform } from '../../src/mock/platform/server.js';
import { TEST_CARDS } from '../../src/mock/platform/test-cards.js';
import { callPlatform } from '../../src/platform/call.js';
import { validateGiftCard } from '../../src/platform/gift-card.js';
import { findOperation } from '../../src/platform/operations.js';

const OTHER_GUID = '00000000-1111-2222-3333-444444444444';
/**
 * How long the slow fault sleeps here, and the shorter timeout that gives up on it: the conforming
 * platform must answer well within that timeout also on a loaded machine (150 ms was not always enough).
 */
const SLOW_MS = 4000;
const SHORT_TIMEOUT_MS = 2000;

/**
 * The requests that show a fault: its `trigger`, or ValidateGiftCard of every test card. The faults
 * of error answers get one more error: `platform call` of an operation the platform does not simulate.
 */
type Requests = 'test-cards' | 'wrong-guid' | 'error-answers' | 'short-timeout';

function requestsFor(fault: PlatformFault | undefined): Requests {
  if (!fault?.trigger) return 'test-cards';
  if (fault.name === 'guid-ignored') return 'wrong-guid';
  if (fault.trigger.includes('--merchant-guid')) return 'error-answers';
  if (fault.trigger.includes('--timeout')) return 'short-timeout';
  throw new Error(`no requests for the trigger of ${fault.name}: ${fault.trigger}`);
}

/** Starts the platform with `fault`, sends `requests` with xborder's own code, and stops it. */
async function run(fault: string | undefined, requests: Requests): Promise<CaseResult[]> {
  const platform = await startMockPlatform({ merchantGUID: defaultConfig().merchantGUID, fault, slowMs: SLOW_MS });
  const config: XborderConfig = defaultConfig();
  config.platform.baseUrl = platform.url;
  config.http = { ...config.http, timeoutMs: 5000, firstByteTimeoutMs: 5000 };
  const cases: CaseResult[] = [];
  try {
    if (requests === 'wrong-guid' || requests === 'error-answers') {
      const wrong = { ...config, merchantGUID: OTHER_GUID };
      cases.push((await validateGiftCard({ cardId: 'XB-GC-ZERO-0002', country: 'DE' }, wrong)).caseResult);
    }
    if (requests === 'error-answers') {
      // An operation the platform does not simulate: an error answer through `platform call`.
      cases.push((await callPlatform({ target: findOperation('Countries'), body: {} }, config)).caseResult);
    } else if (requests === 'short-timeout') {
      config.http = { ...config.http, timeoutMs: SHORT_TIMEOUT_MS, firstByteTimeoutMs: SHORT_TIMEOUT_MS };
      cases.push((await validateGiftCard({ cardId: 'XB-GC-ZERO-0002', country: 'DE' }, config)).caseResult);
    } else if (requests === 'test-cards') {
      for (const card of TEST_CARDS) cases.push((await validateGiftCard({ cardId: card.cardId, pin: card.pin, country: 'DE' }, config)).caseResult);
      const body = { MerchantGUID: config.merchantGUID, ShippingCountryCode: 'DE', CardFields: { CardId: 'XB-GC-PLATFORM-0003' } };
      cases.push((await callPlatform({ target: findOperation('ValidateGiftCard'), body }, config)).caseResult);
    }
  } finally {
    await closeAgents();
    await platform.close();
  }
  return cases;
}

/** Every check id seen in this file: each must be registered. */
const seenIds = new Set<string>();

/** Every check status by id, worst first ("failed" beats "warning" beats "passed"). */
function statuses(cases: CaseResult[]): Map<string, string> {
  const rank = ['passed', 'skipped', 'warning', 'errored', 'failed'];
  const worst = new Map<string, string>();
  for (const c of cases) {
    for (const check of c.checks) {
      seenIds.add(check.id);
      const seen = worst.get(check.id);
      if (!seen || rank.indexOf(check.status) > rank.indexOf(seen)) worst.set(check.id, check.status);
    }
  }
  return worst;
}

describe('xborder platform checks against the reference platform', () => {
  afterAll(() => {
    expect([...seenIds].filter((id) => !isCheckId(id))).toEqual([]);
  });

  it('passes every check on the conforming platform', async () => {
    const result = statuses(await run(undefined, 'test-cards'));
    expect([...result].filter(([, status]) => status !== 'passed')).toEqual([]);
    for (const id of ['status-200', 'json-body', 'within-timeout', 'gift-card-response-schema', 'gift-card-response-lenient', 'gift-card-validity']) {
      expect(result.get(id), id).toBe('passed');
    }
  });

  it('answers a wrong GUID with a conforming ErrorInfo: status-200 fails, the ErrorInfo checks pass', async () => {
    const result = statuses(await run(undefined, 'error-answers'));
    expect(result.get('status-200')).toBe('failed');
    expect(result.get('error-info-schema')).toBe('passed');
    expect(result.get('error-info-lenient')).toBe('passed');
  });

  it.each(PLATFORM_FAULTS.map((f) => [f.name, f] as const))('%s shows in its check', async (name, fault) => {
    const requests = requestsFor(fault);
    const faulty = statuses(await run(name, requests));
    expect(faulty.get(fault.catches), `${fault.catches} against ${name}: ${JSON.stringify([...faulty])}`).toBe(fault.status);
    // The same requests to the conforming platform: the check ends otherwise, so the fault made it.
    const conforming = statuses(await run(undefined, requests));
    expect(conforming.get(fault.catches) ?? 'absent', `${fault.catches} against the conforming platform`).not.toBe(fault.status);
    if (fault.status === 'passed') expect(conforming.get(fault.catches)).toBe('failed');
  });

  it('the ErrorInfo faults show through platform call of an operation the platform does not simulate', async () => {
    const call = async (fault: string) => {
      const platform = await startMockPlatform({ merchantGUID: defaultConfig().merchantGUID, fault });
      const config = defaultConfig();
      config.platform.baseUrl = platform.url;
      try {
        return statuses([(await callPlatform({ target: findOperation('Countries'), body: {} }, config)).caseResult]);
      } finally {
        await closeAgents();
        await platform.close();
      }
    };
    expect((await call('error-info-no-code')).get('error-info-schema')).toBe('failed');
    expect((await call('error-code-number')).get('error-info-lenient')).toBe('warning');
    // Answered 200, an error of an operation with no documented answer passes: nothing to fail it.
    expect((await call('error-200')).get('status-200')).toBe('passed');
  });

  it('every fault names a registered check, and only guid-ignored passes it', () => {
    for (const fault of PLATFORM_FAULTS) {
      expect(isCheckId(fault.catches), fault.catches).toBe(true);
      expect(fault.status === 'passed', fault.name).toBe(fault.name === 'guid-ignored');
    }
    expect(new Set(PLATFORM_FAULTS.map((f) => f.name)).size).toBe(PLATFORM_FAULTS.length);
  });

  it('resolves fault names; an unknown one is a usage error naming the known ones', () => {
    expect(resolvePlatformFault(undefined)).toBeUndefined();
    expect(resolvePlatformFault('none')).toBeUndefined();
    expect(resolvePlatformFault('html-502')?.catches).toBe('status-200');
    expect(() => resolvePlatformFault('html-500')).toThrow(/Unknown platform fault "html-500".*html-502/);
  });
});
