/** With XBORDER_FUZZ_RUNS set (`npm run fuzz`), property tests without their own count run that often too. */
import fc from 'fast-check';

const deep = Number(process.env.XBORDER_FUZZ_RUNS);
if (Number.isInteger(deep) && deep > 0) fc.configureGlobal({ numRuns: deep });
