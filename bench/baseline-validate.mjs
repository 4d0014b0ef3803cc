// The throughput baseline of bench case 02: a bare loop that reads NDJSON lines, parses each and
// calls the same compiled order validator the CLI uses, nothing else. Usage: node baseline-validate.mjs FILE
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { validate } from '../src/validation/generated/order.js';

// readline's default stream options: a stream decoded by the stream with 256 KiB reads made this
// loop about 2x slower (issue 29), which flattered the ratio against it.
const lines = createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity });
let valid = 0;
let total = 0;
for await (const line of lines) {
  if (line.trim() === '') continue;
  total++;
  if (validate(JSON.parse(line))) valid++;
}
process.stdout.write(`${valid}/${total} valid\n`);
