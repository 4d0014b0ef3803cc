/**
 * Configuration problems that say how to fix them: an unknown key names the closest documented one,
 * an enum lists its values, a URL says what a URL must look like, and a duration written with a
 * unit in the file (`"timeoutMs": "5m"`) says to use milliseconds or the flag.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AjvError } from './compiled.js';
import { packageRoot } from '../samples/package-root.js';
import { closestName } from '../did-you-mean.js';
import { withScheme } from '../http/url.js';
import { parsePointer } from './pointer.js';

type SchemaNode = { properties?: Record<string, SchemaNode>; items?: SchemaNode };

let schema: SchemaNode | undefined;

/** The documented property names of the object at `pointer` (objects and arrays followed by name). */
function knownKeys(pointer: string): string[] {
  schema ??= JSON.parse(readFileSync(join(packageRoot(), 'schemas', 'config.schema.json'), 'utf8')) as SchemaNode;
  let node: SchemaNode | undefined = schema;
  for (const token of parsePointer(pointer)) {
    if (!node) return [];
    node = /^\d+$/.test(token) && node.items ? node.items : node.properties?.[token];
  }
  return Object.keys(node?.properties ?? {}).filter((k) => k !== '$schema');
}

/** A clearer message for `error`, or undefined to keep the generic one. */
export function configMessage(error: AjvError, value: unknown): string | undefined {
  if (error.keyword === 'additionalProperties') {
    const name = String(error.params.additionalProperty ?? '');
    const near = closestName(name, knownKeys(error.instancePath));
    return `unknown configuration key${near ? `; did you mean ${near}?` : ''}`;
  }
  if (error.keyword === 'enum' && Array.isArray(error.params.allowedValues)) {
    return `must be one of: ${error.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  if (error.keyword === 'pattern' && /url$/i.test(error.instancePath)) {
    const meant = typeof value === 'string' ? withScheme(value) : undefined;
    return `must be a URL that starts with http:// or https:// and names a host, such as https://shop.example.com${meant ? `; did you mean ${meant}?` : ''}`;
  }
  if (error.keyword === 'type' && /Ms$/.test(error.instancePath) && typeof value === 'string') {
    // The value is quoted only when it is plainly a duration: a config error never echoes a value
    // that could be a secret put in the wrong place.
    const duration = /^\s*\d+(\.\d+)?\s*(ms|s|m|min)\s*$/i.test(value) ? value.trim() : undefined;
    return `must be a number of milliseconds (such as 300000)${duration ? `, not "${duration}"; a duration with a unit goes on the command line (--timeout ${duration})` : '; a duration with a unit (5m) goes on the command line (--timeout 5m)'}`;
  }
  return undefined;
}
