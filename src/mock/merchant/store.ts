/**
 * The reference merchant's memory: carts by token and orders by both ids. Orders are found by the
 * platform OrderId (a re-delivery must not create a second order) and by the merchant's own
 * InternalOrderId (an update, and every lifecycle event, names it as MerchantOrderId). Each order
 * also keeps what the lifecycle events did to it: status, payment, shipping info, documents, refunds.
 */
import { createHash, randomBytes } from 'node:crypto';

/** The payment answered for an order, kept so a re-delivery answers the same charge. */
export interface PaymentAnswer {
  PaymentCurrencyCode: string;
  PaymentAmount: string;
}

/** One order as the merchant stored it. */
export interface StoredOrder {
  /** The merchant's unique id (ResponseInfo.InternalOrderId). */
  internalOrderId: string;
  /** The merchant's display number (ResponseInfo.OrderId). */
  displayOrderId: string;
  /** The platform's OrderId. */
  platformOrderId: string;
  /** The order with its URL-encoded end-customer fields decoded. */
  order: unknown;
  /** How many times the platform delivered this order (first delivery, re-deliveries and updates). */
  deliveries: number;
  /** How many of those deliveries were updates (MerchantOrderId given). */
  updates: number;
  /** Set when the order carried PaymentDetails, or once PerformOrderPayment charged it. */
  payment?: PaymentAnswer;
  /** The order's status: "N/A" when new, then the last StatusCode UpdateOrderStatus set (as sent). */
  status: string;
  /** The OrderStatusReason of the last status update that gave one. */
  statusReason?: unknown;
  /** The InternationalDetails of the last UpdateOrderShippingInfo (decoded). */
  shippingInfo?: unknown;
  /** The AdditionalRequiredDocuments of the last SendAdditionalRequiredDocumentsToMerchant. */
  documents?: unknown[];
  /** Every refund accepted, in order; a re-delivered RefundId finds its first answer here. */
  refunds: StoredRefund[];
  /** Quantity refunded so far per CartItemId, over all refunds. */
  refundedQuantities: Record<string, number>;
  /** Sum of the TotalRefundAmount of all refunds applied (order currency). */
  refundedAmount: number;
}

/** One refund (NotifyOrderRefund) the merchant accepted. */
export interface StoredRefund {
  refundId: string;
  /** TotalRefundAmount as a number (0 when the notification gave none). */
  amount: number;
  /** Quantity per CartItemId this refund took back. */
  quantities: Record<string, number>;
  /** The answer given the first time, given again to every re-delivery. */
  answer: unknown;
  /** How many times the platform delivered this RefundId. */
  deliveries: number;
  /** How many times it was applied (1, unless the `refund-applied-twice` fault counted a re-delivery). */
  applied: number;
}

/** One cart the merchant knows. */
export interface StoredCart {
  token: string;
  /** True once an order with ClearCart true named this cart (in store mode: once any order converted it). */
  cleared: boolean;
  /** The merchantCartHash answered with the cart, which the order's CartHash must repeat (store mode). */
  hash: string;
}

/** A read-only copy of the merchant's memory, for tests and diagnostics. */
export interface MerchantStateSnapshot {
  orders: StoredOrder[];
  carts: StoredCart[];
}

/** The merchant's in-memory store. */
export class MerchantStore {
  private readonly orders = new Map<string, StoredOrder>();
  private readonly byPlatformId = new Map<string, string>();
  private readonly carts = new Map<string, StoredCart>();
  private sequence = 0;

  /** Makes `token` a known cart. */
  addCart(token: string): StoredCart {
    const cart = { token, cleared: false, hash: createHash('md5').update(`xborder-store-cart:${token}`).digest('hex') };
    this.carts.set(token, cart);
    return cart;
  }

  /** Issues a fresh cart, as a store does when a shopper starts one: 32 hex characters, like the platform's tokens. */
  issueCart(): StoredCart {
    return this.addCart(randomBytes(16).toString('hex'));
  }

  /** The cart with this token (compared exactly: tokens are opaque), or undefined. */
  cart(token: string): StoredCart | undefined {
    return this.carts.get(token);
  }

  /** Empties the cart with this token; false when no such cart exists. */
  clearCart(token: string): boolean {
    const cart = this.carts.get(token);
    if (!cart) return false;
    cart.cleared = true;
    return true;
  }

  /** The order the platform delivered with this OrderId (the latest when a fault duplicated it). */
  byOrderId(platformOrderId: string): StoredOrder | undefined {
    const id = this.byPlatformId.get(platformOrderId);
    return id === undefined ? undefined : this.orders.get(id);
  }

  /** The order with this InternalOrderId. */
  byInternalId(internalOrderId: string): StoredOrder | undefined {
    return this.orders.get(internalOrderId);
  }

  /** Stores a new order under fresh merchant ids. */
  create(platformOrderId: string, order: unknown): StoredOrder {
    this.sequence += 1;
    const stored: StoredOrder = {
      internalOrderId: String(100000 + this.sequence),
      displayOrderId: `XB-${String(this.sequence).padStart(6, '0')}`,
      platformOrderId,
      order,
      deliveries: 1,
      updates: 0,
      status: 'N/A',
      refunds: [],
      refundedQuantities: Object.create(null) as Record<string, number>,
      refundedAmount: 0,
    };
    this.orders.set(stored.internalOrderId, stored);
    this.byPlatformId.set(platformOrderId, stored.internalOrderId);
    return stored;
  }

  /** Replaces a stored order's content (an update); its ids stay. */
  update(stored: StoredOrder, platformOrderId: string, order: unknown): StoredOrder {
    stored.order = order;
    stored.deliveries += 1;
    stored.updates += 1;
    if (stored.platformOrderId !== platformOrderId) {
      stored.platformOrderId = platformOrderId;
      this.byPlatformId.set(platformOrderId, stored.internalOrderId);
    }
    return stored;
  }

  /** Counts a re-delivery of an order already stored; nothing else changes. */
  redelivered(stored: StoredOrder): StoredOrder {
    stored.deliveries += 1;
    return stored;
  }

  /** Number of distinct orders stored. */
  get orderCount(): number {
    return this.orders.size;
  }

  /** A deep copy of everything stored. */
  snapshot(): MerchantStateSnapshot {
    return structuredClone({ orders: [...this.orders.values()], carts: [...this.carts.values()] });
  }
}
