/**
 * The built-in samples: realistic wire payloads shipped in samples/ and listed in
 * samples/index.json. Every load parses the file again, so callers get a copy they may change.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, UsageError } from '../errors.js';
import { parseJsonText } from '../io/parse-json.js';
import { packageRoot } from './package-root.js';
import { didYouMean } from '../did-you-mean.js';
import type { PayloadKind } from '../validation/kinds.js';

/** The payload kinds a sample can be: validation's own list (a type only: samples load no ajv). */
export type SampleKind = PayloadKind;

/** One entry of samples/index.json. */
export interface SampleInfo {
  /** Name used on the command line (`order-full`). */
  name: string;
  kind: SampleKind;
  description: string;
  /** File name inside samples/. */
  file: string;
}

/** The samples folder of the package. */
export function samplesDir(): string {
  return join(packageRoot(), 'samples');
}

/** Every sample listed in samples/index.json, in its order. */
export function listSamples(): SampleInfo[] {
  catalog ??= readCatalog();
  return catalog.map((info) => ({ ...info }));
}

let catalog: SampleInfo[] | undefined;

function readCatalog(): SampleInfo[] {
  const indexFile = join(samplesDir(), 'index.json');
  const parsed = parseJsonText(readText(indexFile), indexFile);
  if (!Array.isArray(parsed)) throw new InputError(`${indexFile}: expected an array of samples.`, indexFile);
  return parsed.map((entry) => {
    const e = entry as Partial<SampleInfo>;
    return { name: String(e.name), kind: e.kind as SampleKind, description: String(e.description ?? ''), file: String(e.file ?? `${e.name}.json`) };
  });
}

/** The catalog entry for `name` (`order-full` or `order-full.json`); unknown -> UsageError listing the names. */
export function findSample(name: string): SampleInfo {
  const samples = listSamples();
  const wanted = name.replace(/\.json$/i, '');
  const found = samples.find((s) => s.name === wanted) ?? samples.find((s) => s.name.toLowerCase() === wanted.toLowerCase());
  if (!found) {
    throw new UsageError(`Unknown sample "${name}".${didYouMean(wanted, samples.map((s) => s.name))} Available samples: ${samples.map((s) => s.name).join(', ')}.`);
  }
  return found;
}

/** Sample texts already read: samples are read-only package files, and a run loads each many times. */
const sampleTexts = new Map<string, string>();

/** A fresh parsed copy of the sample `name`. */
export function loadSample(name: string): unknown {
  const info = findSample(name);
  const file = join(samplesDir(), info.file);
  let text = sampleTexts.get(file);
  if (text === undefined) {
    text = readText(file);
    parseJsonText(text, file); // malformed files are reported once, with their position
    sampleTexts.set(file, text);
  }
  return JSON.parse(text);
}

function readText(file: string): string {
  try {
    const text = readFileSync(file, 'utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch (error) {
    throw new InputError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`, file);
  }
}
