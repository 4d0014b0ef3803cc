/**
 * `emails-urls`: every e-mail address (a property named ...Email) and URL (...Url, ...URL) is valid
 * once URL-decoded (or as written). The schema cannot say so: these values travel form-encoded
 * (`%40`, `+`).
 */
import type { PayloadRule } from './types.js';
import { scanStrings } from './string-scan.js';

export { isEmail, isWebUrl } from './string-scan.js';

/** The `emails-urls` rule. */
export const emailsUrlsRule: PayloadRule = {
  id: 'emails-urls',
  title: 'E-mail addresses and URLs are valid once decoded',
  check: (doc, context) => {
    const findings = scanStrings(doc, context).contacts;
    // Copies: the caller rewrites paths in place, and the scan stays in the context for the other rule.
    return findings.map((f) => ({ ...f }));
  },
};
