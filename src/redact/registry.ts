/**
 * Secrets xborder itself makes or learns while it runs, not found in any configuration: each JWT it
 * signs (and its signature alone), each Basic header value it builds, each credential typed into
 * the wizard. Whoever makes one notes it here; every redactor bound to the run (see run.ts) learns
 * it at once, also those created later. No dependencies: auth and wizard code import it freely.
 */

type Listener = (secret: string) => void;

const noted: string[] = [];
const seen = new Set<string>();
const listeners = new Set<Listener>();

/** Notes secrets (empty and undefined values are ignored). */
export function noteSecret(...values: (string | undefined)[]): void {
  for (const value of values) {
    if (!value || seen.has(value)) continue;
    seen.add(value);
    noted.push(value);
    for (const listener of listeners) listener(value);
  }
}

/** Calls `listener` with every secret noted so far and every one noted later; returns the unsubscribe. */
export function onNotedSecret(listener: Listener): () => void {
  for (const value of noted) listener(value);
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
