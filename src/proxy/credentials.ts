/**
 * Credentials the platform sent through the proxy are not the config's: the run's redactor learns
 * them from the request's headers, so no report, HAR, live line or reproduce.sh shows them.
 */
import type { XborderConfig } from '../model.js';
import { canonicalName, configuredCredentialNames, isCredentialName } from '../redact/credential-names.js';

/**
 * The secrets inside one credential header value: the value, the credential after its scheme word
 * (`Bearer xyz`), and for Basic its decoded forms (`user:password` and the password alone), which
 * a reproduction (`curl -u`) or an echo of the decoded header would otherwise show.
 */
export function credentialParts(value: string): string[] {
  const parts = [value];
  const words = value.trim().split(/\s+/);
  if (words.length !== 2 || words[1]!.length < 4) return parts;
  parts.push(words[1]!);
  if (words[0]!.toLowerCase() === 'basic') {
    const decoded = Buffer.from(words[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) parts.push(decoded, decoded.slice(colon + 1));
  }
  return parts;
}

/** Registers the credential values of `headers`: every credential name (Authorization, cookies, `X-Auth` ...) and the configured auth headers. */
export function learnHeaderCredentials(redactor: { add(secret: string): void }, headers: Record<string, string>, config: XborderConfig): void {
  const configured = new Set(configuredCredentialNames(config).map(canonicalName));
  for (const [name, value] of Object.entries(headers)) {
    if (!isCredentialName(name) && !configured.has(canonicalName(name))) continue;
    for (const part of credentialParts(value)) redactor.add(part);
  }
}
