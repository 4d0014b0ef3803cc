/** Fresh copies of the shipped samples, for tests that mutate them. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const samplesDir = fileURLToPath(new URL('../../samples/', import.meta.url));

/** A parsed copy of samples/FILE. */
export function sample(file: string): Record<string, any> {
  return JSON.parse(readFileSync(`${samplesDir}${file}`, 'utf8'));
}

/** The entries of samples/index.json. */
export function sampleIndex(): { name: string; kind: string; file: string; description: string }[] {
  return JSON.parse(readFileSync(`${samplesDir}index.json`, 'utf8'));
}

/**
 * The kind detectKind tells for a sample of `kind`: its own, except a PerformOrderPayment request,
 * whose body is an order (with PaymentDetails) and reads as one; it is validated as the payment call
 * only with --as payment-request.
 */
export function shapeKind(kind: string): string {
  return kind === 'payment-request' ? 'order' : kind;
}
