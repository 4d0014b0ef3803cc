/** UpdateOrderShippingInfo: an `InternationalDetails` object is required and stored on the order (decoded). */
import { getProp, isObject } from '../../../json/props.js';
import { badRequest, okReply, type EventHandler } from './common.js';

export const shippingInfoEvent: EventHandler = {
  validate(body, ctx) {
    if (!isObject(getProp(body, 'InternationalDetails'))) return badRequest(ctx, 'InternationalDetails (an object) is required.');
    return undefined;
  },
  apply(order, body) {
    order.shippingInfo = getProp(body, 'InternationalDetails');
    return okReply(order);
  },
};
