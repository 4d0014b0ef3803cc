/**
 * The process's own stdout and stderr: a failure to write them ends the run with one clear line and
 * exit 2 instead of an uncaught stack trace. Here, in the CLI, because it exits the process.
 */
import { writeSync } from 'node:fs';
import { WRITE_FAILURE_EXIT, writeFailure } from '../io/write-errors.js';

/**
 * Installs the error handlers of stdout and stderr. A closed pipe (`xborder ... | head`) is the
 * reader's choice and ends the run quietly. Any other failure of stdout (`> /dev/full`, a full disk,
 * a read-only descriptor) prints one line on stderr and exits 2: the report did not reach its
 * reader. stderr only carries progress, warnings and messages: when it cannot be written the run
 * goes on, its report and exit code intact.
 */
export function guardStdio(streams: { stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream } = process): void {
  streams.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    try {
      // Straight to the descriptor: this is the last word, and it must not queue behind anything.
      writeSync(2, `xborder: cannot write the output to stdout: ${writeFailure(error)}.\n`);
    } catch {
      // stderr is gone as well: the exit code is all that is left to say it.
    }
    process.exit(WRITE_FAILURE_EXIT);
  });
  streams.stderr.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
}
