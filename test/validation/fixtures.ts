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
