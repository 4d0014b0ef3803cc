/**
 * The JUnit report of many merchants: a <testsuite> per merchant (named by it) holding a <testcase>
 * per check of its run, as `--junit` writes one run's; a merchant not run is a suite with one
 * <error> saying why, so a CI dashboard counts it. Pure.
 */
import type { RunResult } from '../model.js';
import { junitDocument, junitSuite, type JunitSuite } from './junit.js';
import type { MerchantResult, MerchantsSummary } from './merchants-summary.js';
import { displayMask } from '../redact/run.js';
import { VERSION } from '../version.js';

/** A merchant's suite: its run's checks, or (not run) one errored test case saying why. */
export function merchantSuite(result: MerchantResult, run: RunResult | undefined, mask: (text: string) => string = displayMask): JunitSuite {
  if (run) return junitSuite(result.name, run.cases, mask);
  const why = mask(result.notRun ?? 'not run');
  return {
    '@_name': mask(result.name),
    '@_tests': 1,
    '@_failures': 0,
    '@_errors': 1,
    '@_skipped': 0,
    '@_time': '0.000',
    testcase: [{ '@_name': 'run', '@_classname': mask(result.name), '@_time': '0.000', error: { '@_message': why, '@_type': 'not-run', '#text': why } }],
  };
}

/** The JUnit XML of the summary: the merchants' suites (`suiteOf` each result), in the summary's order. */
export function renderMerchantsJunit(summary: MerchantsSummary, suiteOf: (result: MerchantResult) => JunitSuite): string {
  return junitDocument(`xborder ${VERSION}`, summary.merchants.map(suiteOf));
}
