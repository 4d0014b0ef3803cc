/**
 * What the interface's encoded places of a payload hold: which values were form-encoded (by
 * evidence, value by value), their decoded text, and the notes on it. Shared by `decode` (which
 * copies the payload with these values decoded) and the `end-customer-encoding` rule (which reports
 * the notes); it reads only the address blocks and URLs, so a rule pays little for it.
 *
 * Per order: every value of every address block and every InternationalDetails URL with evidence of
 * encoding is decoded, whichever party the block belongs to; a raw value is left exactly as sent (the
 * hub's `+1 (212) 634-3952` stays so). A hub block (by Customer.IsEndCustomerPrimary) with encoded
 * values gets an info note. When only the hub blocks carry encoded values, the flag points at the
 * wrong pair (seen in a real PerformOrderPayment payload): those blocks are then the end customer's,
 * and the raw values noted as "not encoded" are theirs, not the named blocks' (which hold the hub).
 */
import type { Finding } from '../model.js';
import { everyValue, fieldsOfOrder, orderFields, orderPlaces, type FieldValue, type OrderFields, type ValuePlace } from './encoded-fields.js';
import { hubBlockNote, unencodedNote, valueNotes } from './encoding-notes.js';
import { keptByEncoders, mayBeEncoded, wasFormEncoded } from './evidence.js';
import { decodeValue, decodesQuietly, type DecodeValueResult } from './form-decode.js';

/** Where a value sits: an end customer's or hub's address block (by the flag), a URL, or elsewhere (`--all`). */
export type ValueRole = 'end-customer' | 'hub' | 'url' | 'other';

/** One value the evidence says was encoded, decoded. */
export interface EvidenceDecode {
  role: ValueRole;
  result: DecodeValueResult;
}

/** The analysis of a payload. */
export interface EncodingAnalysis {
  /** The encoded values of the interface's places, by JSON pointer (raw values are not listed). */
  decoded: Map<string, EvidenceDecode>;
  /** Notes in document order of the orders (block notes before the values of their block). */
  notes: Finding[];
}

/** Analyses `doc`; see the module comment. Carts and other payloads have nothing to analyse. */
export function analyzeEncoding(doc: unknown): EncodingAnalysis {
  const analysis: EncodingAnalysis = { decoded: new Map(), notes: [] };
  for (const order of orderFields(doc)) analyzeOrder(order, analysis, false);
  return analysis;
}

/**
 * Only the notes of `analyzeEncoding(doc)` (the same findings, in the same order), for the rule that
 * runs on every validated order. Most orders leave none: each order's values are first judged in
 * place (leavesNoNote), and only an order with a value that may be noted is gathered and analysed;
 * there a value that decodes quietly is not decoded, and nothing is kept of the decoded values.
 */
export function encodingNotes(doc: unknown): Finding[] {
  const notes: Finding[] = [];
  let analysis: EncodingAnalysis | undefined;
  for (const place of orderPlaces(doc)) {
    if (everyValue(place, leavesNoNote)) continue;
    analysis ??= { decoded: new Map(), notes };
    analyzeOrder(fieldsOfOrder(place), analysis, true);
  }
  return notes;
}

/**
 * False for a value that could be noted: encoded in a hub block (the block is noted), encoded
 * otherwise but not quietly (encoded twice, bad sequences), raw in an end customer's block with a
 * character encoding would change. An order whose values all pass has no note: no hub block is
 * encoded, so the blocks are not swapped and raw hub values are not the end customer's. The cheapest
 * test that settles the common case comes first.
 */
function leavesNoNote(value: string, where: ValuePlace): boolean {
  switch (where) {
    case 'hub':
      return !mayBeEncoded(value) || !wasFormEncoded(value);
    case 'url':
      return decodesQuietly(value) || !wasFormEncoded(value);
    case 'end-customer':
      return keptByEncoders(value) || (wasFormEncoded(value) && decodesQuietly(value));
  }
}

function analyzeOrder(order: OrderFields, analysis: EncodingAnalysis, notesOnly: boolean): void {
  const blocks = order.blocks;
  // Per block, which of its values show evidence of encoding (most orders: none, or one block's).
  // Indexed loops, no callbacks: this runs on every validated order.
  const encoded: boolean[][] = [];
  const anyIn: boolean[] = [];
  let hubEncoded = false;
  let endCustomerEncoded = false;
  for (let b = 0; b < blocks.length; b++) {
    const fields = blocks[b].fields;
    const flags: boolean[] = [];
    let any = false;
    for (let i = 0; i < fields.length; i++) {
      const flag = wasFormEncoded(fields[i].value);
      flags.push(flag);
      any ||= flag;
    }
    encoded.push(flags);
    anyIn.push(any);
    if (any && blocks[b].role === 'hub') hubEncoded = true;
    else if (any) endCustomerEncoded = true;
  }
  // Only the hub pair shows encoding: the flag names the wrong pair, and the end customer is there.
  const swapped = hubEncoded && !endCustomerEncoded;
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b];
    const isEncoded = encoded[b];
    if (block.role === 'hub' && anyIn[b]) {
      const paths = block.fields.filter((_, i) => isEncoded[i]).map((f) => f.path);
      analysis.notes.push(hubBlockNote(block, order.endCustomerIsPrimary, order.source, paths));
    }
    const endCustomers = (block.role === 'end-customer') !== swapped;
    const fields = block.fields;
    for (let i = 0; i < fields.length; i++) {
      if (isEncoded[i]) {
        decodeInto(analysis, fields[i], block.role, notesOnly);
      } else if (endCustomers) {
        const note = unencodedNote(fields[i]);
        if (note) analysis.notes.push(note);
      }
    }
  }
  for (const url of order.urls) if (wasFormEncoded(url.value)) decodeInto(analysis, url, 'url', notesOnly);
}

/** Decodes one encoded value into the analysis, with its notes (double encoding, bad sequences). */
function decodeInto(analysis: EncodingAnalysis, field: FieldValue, role: ValueRole, notesOnly: boolean): void {
  // A value that decodes cleanly and holds no %25XX leaves no note: not decoded at all.
  if (notesOnly && decodesQuietly(field.value)) return;
  const result = decodeValue(field.value);
  if (!notesOnly) analysis.decoded.set(field.path, { role, result });
  if (result.doubleEncoded || result.issues.length > 0) analysis.notes.push(...valueNotes(field.path, field.value, result));
}
