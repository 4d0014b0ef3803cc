// Runs a Node script in this process and writes its peak RSS (KiB, from getrusage) to the file named
// by BENCH_RSS_FILE when the process exits. Usage: node rss-wrapper.mjs SCRIPT [args...]
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const [script, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], resolve(script), ...args];
process.on('exit', () => {
  writeFileSync(process.env.BENCH_RSS_FILE, JSON.stringify({ maxRSS: process.resourceUsage().maxRSS }));
});
await import(pathToFileURL(resolve(script)).href);
