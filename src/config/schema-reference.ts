/**
 * The `$schema` of a configuration file `init` and the wizard write: a reference that works for
 * everyone who clones the project, never a path into this user's global install
 * (`../../usr/lib/node_modules/xborder/...` is wrong on every other machine and in CI). When the
 * project has xborder as a dependency, its own copy (`./node_modules/xborder/schemas/...`) matches
 * the version the project runs; otherwise the schema as published with this version's tag in the
 * repository package.json names, which editors fetch.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { VERSION } from '../version.js';
import { repositoryRoot } from './discover.js';

/** Where the schema lives inside the package. */
const SCHEMA_IN_PACKAGE = 'schemas/config.schema.json';

/** The repository of package.json (`repository.url`), where each release is tagged `v<version>`. */
const REPOSITORY_RAW = 'https://raw.githubusercontent.com/xborder-dev/xborder';

/** The published schema of `version`: the file at that release's tag. */
export function publishedSchemaUrl(version: string = VERSION): string {
  return `${REPOSITORY_RAW}/v${version}/${SCHEMA_IN_PACKAGE}`;
}

/**
 * The `$schema` for a config file at `file` (absolute): the project's own dependency's schema when
 * `node_modules/xborder` beside the file has one, else the published URL.
 */
export function schemaReference(file: string): string {
  const local = join(dirname(file), 'node_modules', 'xborder', SCHEMA_IN_PACKAGE);
  return existsSync(local) ? `./node_modules/xborder/${SCHEMA_IN_PACKAGE}` : publishedSchemaUrl();
}

/**
 * True when `value` is a `$schema` that cannot work for a teammate: an absolute path, a relative one
 * to no file, or one that leaves the project (the repository, or the config's folder outside one),
 * as the path into a global install an older `init` wrote (`../../usr/lib/node_modules/xborder/...`)
 * does. The wizard replaces those; a URL or a path inside the project is the user's and is kept.
 */
export function brokenSchemaReference(value: unknown, file: string): boolean {
  if (typeof value !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(value)) return false;
  if (isAbsolute(value)) return true;
  const target = resolve(dirname(file), value);
  const project = repositoryRoot(dirname(file)) ?? dirname(file);
  const inside = relative(project, target);
  return !existsSync(target) || inside.startsWith('..') || isAbsolute(inside);
}
