/** SendAdditionalRequiredDocumentsToMerchant: a non-empty `AdditionalRequiredDocuments` list is required and stored. */
import { getProp } from '../../../json/props.js';
import { badRequest, okReply, type EventHandler } from './common.js';

export const documentsEvent: EventHandler = {
  validate(body, ctx) {
    const documents = getProp(body, 'AdditionalRequiredDocuments');
    if (!Array.isArray(documents) || documents.length === 0) return badRequest(ctx, 'AdditionalRequiredDocuments (a non-empty list) is required.');
    return undefined;
  },
  apply(order, body) {
    // The latest delivery replaces the list: a re-delivery leaves the same documents.
    order.documents = getProp(body, 'AdditionalRequiredDocuments') as unknown[];
    return okReply(order);
  },
};
