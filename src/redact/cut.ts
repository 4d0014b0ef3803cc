/**
 * Cutting text for display, masked first. A cut made before masking leaves a piece of a secret (the
 * first 20 characters of a header key, 10 digits of a card) that no rule recognises any more, so
 * every cut of text that may reach output masks the WHOLE text with the run's redactor first and
 * then cuts the masked text, marking the cut with `…`. With --show-secrets the text is only cut.
 */
import { CUT_MARK } from './redactor.js';
import { runRedactor, showsSecrets } from './run.js';

/** Context kept either side of an excerpt's window: wider than any secret's spelling or a rule's label. */
const CONTEXT = 8192;

/** `text` masked on its whole length, then cut to its first `max` characters; `cut` tells whether it was. */
export function maskedHead(text: string, max: number): { text: string; cut: boolean } {
  const masked = showsSecrets() ? text : runRedactor().text(text);
  return masked.length > max ? { text: masked.slice(0, max), cut: true } : { text: masked, cut: false };
}

/**
 * The masked text around `offset` of `text`: `radius` characters either side, `…` where it was cut.
 * Masking runs on the text around the window (CONTEXT characters either side), never on the window alone.
 */
export function maskedExcerpt(text: string, offset: number, radius: number): string {
  const from = Math.max(0, offset - radius - CONTEXT);
  const to = Math.min(text.length, offset + radius + CONTEXT);
  const around = text.slice(from, to);
  const { text: masked, offsets } = showsSecrets() ? { text: around, offsets: [offset - from] } : runRedactor().textWithOffsets(around, [offset - from]);
  const at = offsets[0]!;
  const start = Math.max(0, at - radius);
  const end = Math.min(masked.length, at + radius);
  return `${from + start > 0 ? CUT_MARK : ''}${masked.slice(start, end)}${end < masked.length || to < text.length ? CUT_MARK : ''}`;
}
