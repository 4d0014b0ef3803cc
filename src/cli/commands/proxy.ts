/** `xborder proxy --target URL`: a validating reverse proxy between the platform and the merchant. */
import type { Command } from 'commander';
import { addConfigFlags } from './shared-options.js';
import { addRecordedReportFlags } from './recorded-options.js';

/** Declares the proxy command; the work is in ../actions/proxy.ts. */
export function defineProxy(program: Command): void {
  const proxy = program
    .command('proxy')
    .description('a reverse proxy to the merchant that judges every real exchange as `check` would, live, and records them as HAR')
    .option('--target <url>', 'the merchant to forward to (default: merchant.baseUrl)')
    .option('--port <n>', 'port to listen on (default 8787; 0 picks a free one)')
    .option('--host <host>', 'address to listen on (default 127.0.0.1; any other is warned about: whoever reaches it sends through it)')
    .option('--count <n>', 'stop and report after N exchanges (default: until Ctrl-C)')
    .option('--har <file>', 'record every exchange to FILE as HAR 1.2, credentials and card data masked');
  addRecordedReportFlags(addConfigFlags(proxy)).addHelpText(
    'after',
    '\nPoint the platform (or any client) at the proxy instead of the merchant. Each request is forwarded\n' +
      'unchanged (method, path, query, headers, body) and the answer returned unchanged (status, reason phrase,\n' +
      'headers, body, trailers). Only paths below the base path of --target, on its origin, are forwarded:\n' +
      'an absolute URL, CONNECT, a //host path, dot segments and encoded slashes are refused (400, one\n' +
      'line saying why); it is never a forward proxy. The endpoint is\n' +
      'recognised from the configured paths (cart, order, lifecycle), the request validated as the\n' +
      "platform's payload (check platform-request, information only) and the answer judged as `check` judges it.\n" +
      'One line per exchange on stderr; -v shows the exchange. A merchant that cannot be reached is answered\n' +
      '502, one that answers after --timeout 504. On Ctrl-C or after --count N: the report (table, --json,\n' +
      '--junit, --html) and a run folder; a --har file or --out folder that could not be written is refused\n' +
      'before the proxy listens.\n' +
      'Exit codes: 0 every exchange passed, 1 an exchange failed, 2 bad flags, 3 an exchange could not be judged.\n\n' +
      'Examples:\n  xborder proxy --target https://shop.example.com --port 8080 --har session.har\n' +
      '  xborder proxy --target http://127.0.0.1:3000 --count 5 --json > report.json\n  xborder validate session.har\n  xborder replay session.har --compare',
  );
  proxy.action(async (opts, cmd) => {
    const { run } = await import('../actions/proxy.js');
    process.exitCode = await run(opts, cmd);
  });
}
