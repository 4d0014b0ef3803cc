// Cold start: (a) `xborder --version` and (b) `xborder validate samples/order-full.json`, each
// against `node -e 0` (the cost of starting Node at all).
export const name = 'startup: --version and validate vs node -e 0';

export async function run(ctx) {
  const bare = { argv: ctx.node('-e', '0') };

  const version = ctx.compareTimes({ argv: ctx.cli('--version') }, bare);
  const versionRatio = version.target / version.baseline;
  ctx.record({ label: '(a) xborder --version', unit: 'ms', value: version.target, baseline: version.baseline, baselineLabel: 'node -e 0', ratio: versionRatio, target: '<= 1.5x', pass: versionRatio <= 1.5 });

  const validate = ctx.compareTimes({ argv: ctx.cli('validate', 'samples/order-full.json') }, bare);
  const validateRatio = validate.target / validate.baseline;
  ctx.record({ label: '(b) xborder validate samples/order-full.json', unit: 'ms', value: validate.target, baseline: validate.baseline, baselineLabel: 'node -e 0', ratio: validateRatio, target: '<= 2.5x', pass: validateRatio <= 2.5 });
}
