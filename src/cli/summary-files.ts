/** The files of a summary of many merchants (`check --all`, `report merge`): written, and linked to each run. */
import { dirname, join, relative, resolve } from 'node:path';
import { InputError } from '../errors.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { writeFailure } from '../io/write-errors.js';
import type { MerchantResult } from '../report/merchants-summary.js';

/**
 * A merchant's run report (report.html of its run folder) as a path from the folder of the page at
 * `page`; none for a result whose run is no folder (`isFolder` says which are).
 */
export function reportLink(page: string, isFolder: (result: MerchantResult) => boolean = () => true): (result: MerchantResult) => string | undefined {
  const from = dirname(resolve(page));
  return (result) => (result.run === undefined || !isFolder(result) ? undefined : relative(from, join(resolve(result.run), 'report.html')));
}

/** Writes a summary file whole or not at all; a failure names the file (exit 2). */
export async function writeSummaryFile(file: string, what: string, text: string): Promise<void> {
  try {
    await writeFileAtomic(file, text);
  } catch (error) {
    throw new InputError(`Cannot write the ${what} to ${file}: ${writeFailure(error)}.`, file);
  }
}
