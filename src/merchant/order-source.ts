/**
 * An order the merchant suite posts, as the plan and the cases that post it share it: its own file,
 * so the cases that take one do not import the plan that runs them.
 */
import type { CheckResult } from '../model.js';
import type { RefusalCase } from '../checks/refusal.js';

/** An order to post: a built-in sample (prepared with fresh ids) or the user's own file (sent as given). */
export interface OrderSource {
  variant: string;
  /** Builds the body for one post; built-in samples get a fresh OrderId each time. */
  build(): Record<string, unknown>;
  /** True when the order converts a cart of the run's source (built-in samples); a user's file is sent as given. */
  onCart: boolean;
  /** Applied to the order after its cart is merged in (the user's --set changes win over the cart). */
  finish?(order: Record<string, unknown>): Record<string, unknown>;
  /** Checks known before sending (the user's file judged as an order), shown with the case. */
  preChecks?: CheckResult[];
  /** Set when the merchant must refuse the order (a file that is no valid order, another merchant's GUID). */
  mustRefuse?: RefusalCase;
}
