/**
 * fast-check run counts: modest in the normal suite, `XBORDER_FUZZ_RUNS` (set by `npm run fuzz`,
 * 10,000) for the deep runs the hardening work asks for.
 */
export function runs(normal: number): { numRuns: number } {
  const deep = Number(process.env.XBORDER_FUZZ_RUNS);
  return { numRuns: Number.isInteger(deep) && deep > 0 ? deep : normal };
}
