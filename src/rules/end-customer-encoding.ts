/**
 * `end-customer-encoding`: `validate` reports what `decode` sees in an order's URL-encoded places.
 * Double encoding (`%2540`) and bad `%` sequences are warnings: the receiver decodes them wrong. The
 * end customer's values sent unencoded (a literal space, a raw `@`) and encoded values in a block
 * Customer.IsEndCustomerPrimary gives the hub are information: real platform payloads show both,
 * and decoding by evidence reads them right.
 */
import { encodingNotes } from '../decode/encoding-analysis.js';
import type { PayloadRule } from './types.js';

/** The `end-customer-encoding` rule (orders). */
export const endCustomerEncodingRule: PayloadRule = {
  id: 'end-customer-encoding',
  title: "The end customer's values are URL-encoded once, the hub's not at all",
  check: (doc) => encodingNotes(doc),
};
