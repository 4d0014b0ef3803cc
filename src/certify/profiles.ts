/**
 * Certification profiles: what a run must cover and pass. The built-in ones are the JSON files of the
 * package's profiles/ folder; a platform writes its own as a file of the same form
 * (schemas/profile.schema.json), given by path where a name is expected.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, UsageError } from '../errors.js';
import { readJsonFile } from '../io/parse-json.js';
import { packageRoot } from '../samples/package-root.js';
import type { CertifyProfile } from '../types/generated/profile.js';
import { validateProfileDocument } from '../validation/index.js';
import { canonicalDigest } from './canonical-json.js';

export type { CertifyProfile };

/** One requirement of a profile: a check, where, and in which auth modes. */
export type ProfileRequirement = CertifyProfile['requirements'][number];

/** The folder of the built-in profiles. */
function profilesDir(): string {
  return join(packageRoot(), 'profiles');
}

/** Throws InputError naming every problem when `doc` is not a profile. */
function checkedProfile(doc: unknown, source: string): CertifyProfile {
  const problems = validateProfileDocument(doc);
  if (problems.length > 0) {
    throw new InputError(`${source} is not a valid profile: ${problems.map((p) => `${p.path || '/'}: ${p.message}`).join('; ')}.`, source);
  }
  return doc as CertifyProfile;
}

/** Every built-in profile, by name order. */
export function builtInProfiles(): CertifyProfile[] {
  return readdirSync(profilesDir())
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const path = join(profilesDir(), f);
      return checkedProfile(JSON.parse(readFileSync(path, 'utf8')), path);
    });
}

/** A built-in profile by name, or a profile file by path (a value with a slash or ending in .json). */
export async function loadProfile(nameOrFile: string): Promise<CertifyProfile> {
  if (nameOrFile.includes('/') || nameOrFile.includes('\\') || nameOrFile.endsWith('.json')) {
    return checkedProfile(await readJsonFile(nameOrFile, 'profile'), nameOrFile);
  }
  const all = builtInProfiles();
  const found = all.find((p) => p.name === nameOrFile);
  if (!found) throw new UsageError(`--profile: no profile named ${JSON.stringify(nameOrFile)}; the built-in ones are ${all.map((p) => p.name).join(', ')} (or give a profile file's path).`);
  return found;
}

/** The profile's digest: the sha256 of its canonical JSON, without the `$schema` pointer (where the file sits says nothing of what it asks). */
export function profileDigest(profile: CertifyProfile): string {
  const { $schema: _schema, ...rest } = profile;
  return canonicalDigest(rest);
}
