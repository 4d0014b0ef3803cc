/**
 * Shared helpers of the reference-merchant tests: a config, a realistic small order (end-customer
 * fields URL-encoded as the platform sends them), and a server started per test and always closed.
 */
import { connect } from 'node:net';
import { afterEach } from 'vitest';
import type { AuthConfig, XborderConfig } from '../../src/model.js';
import { startMockMerchant, type MockMerchantServer } from '../../src/mock/merchant/server.js';
import { merchantConfig } from '../helpers/merchant-config.js';

export const GUID = 'f4b0d3c2-7a1e-4c55-9d2b-3e8a6c1f0b77';
export const TOKEN = '2c5c7b3db2ed101426cba38d9c534086';

/** The default config with these auth modes and cart methods. */
export function testConfig(auth: AuthConfig[] = [{ mode: 'none' }], cartMethods: ('GET' | 'POST')[] = ['GET', 'POST']): XborderConfig {
  return merchantConfig({ guid: GUID, cartToken: TOKEN, auth, cartMethods });
}

const running: MockMerchantServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/** Starts the reference merchant on 127.0.0.1:0; closed after the test. */
export async function start(opts: { auth?: AuthConfig[]; fault?: string; cartMethods?: ('GET' | 'POST')[]; slowMs?: number; config?: XborderConfig; store?: boolean; onFatal?: (orderId: string) => void } = {}): Promise<MockMerchantServer> {
  const server = await startMockMerchant({ config: opts.config ?? testConfig(opts.auth, opts.cartMethods), fault: opts.fault, slowMs: opts.slowMs, store: opts.store, onFatal: opts.onFatal });
  running.push(server);
  return server;
}

/** A small order in EUR: 2 x 25.00 + 1 x 12.50, shipping 4.95, a 10.00 cart discount and a shipping discount. */
export function sampleOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    MerchantGUID: GUID,
    OrderId: 'GE92799319GB',
    MerchantOrderId: null,
    CartId: TOKEN,
    ClearCart: false,
    CurrencyCode: 'EUR',
    Customer: { IsEndCustomerPrimary: false, SendConfirmation: true },
    PrimaryShipping: { FirstName: 'Global', LastName: 'Hub', Address1: 'Hub Street 1', Address2: 'Unit 5\r\nGE92799319GB', City: 'Amsterdam', CountryCode: 'NL', Email: 'hub@platform.example' },
    SecondaryShipping: { FirstName: 'Jos%C3%A9', LastName: 'Garc%C3%ADa+L%C3%B3pez', Address1: '5th+Avenue+100', City: 'New+York', Zip: '10001', StateCode: 'NY', CountryCode: 'US', Email: 'jose.garcia%40example.com', Phone1: '%2B1+212+555+0100' },
    SecondaryBilling: { FirstName: 'Jos%C3%A9', LastName: 'Garc%C3%ADa+L%C3%B3pez', Address1: '5th+Avenue+100', City: 'New+York', Zip: '10001', CountryCode: 'US', Email: 'jose.garcia%40example.com' },
    Products: [
      { Sku: 'TSHIRT-RED-M', ProductName: 'T-shirt', CartItemId: '1', Price: 25.0, Quantity: 2, DiscountedPrice: 22.5 },
      { Sku: 'MUG-BLUE', ProductName: 'Mug', CartItemId: '2', Price: '12.50', Quantity: '1' },
    ],
    DiscountedShippingPrice: 4.95,
    Discounts: [
      { Name: 'Welcome discount', DiscountType: 1, Price: 10.0, InternationalPrice: 11.0 },
      { Name: 'Free shipping over 50', DiscountType: 2, Price: 5.0, InternationalPrice: 5.5 },
    ],
    InternationalDetails: { CurrencyCode: 'USD', TotalPrice: 63.2, TransactionCurrencyCode: 'USD', TransactionTotalPrice: 63.2, OrderTrackingUrl: 'https%3a%2f%2ftrack.example.com%2f%3fid%3d1' },
    PaymentDetails: null,
    ...overrides,
  };
}

/** The order's merchant-currency total: 50 + 12.50 + 4.95 - 10 (the shipping discount is already in 4.95). */
export const SAMPLE_ORDER_TOTAL = '57.45';

/** Test card data (a well-known test PAN). */
export const PAYMENT_DETAILS = { CardNumber: '4111111111111111', CVVNumber: '123', ExpirationDate: '2030-12-31', OwnerName: 'Global Platform', PaymentMethodCode: 'VISA' };

/** POSTs a JSON order (or raw text) to the order path. */
export async function postOrder(server: { url: string }, body: unknown, init: { headers?: Record<string, string>; path?: string } = {}): Promise<{ status: number; json: any; text: string; headers: Headers }> {
  const res = await fetch(`${server.url}${init.path ?? '/order-update-create-url'}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return read(res);
}

/** Calls the cart endpoint with the given query (token defaults to the configured one). */
export async function getCart(server: { url: string }, query: Record<string, string> = {}, init: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; json: any; text: string; headers: Headers }> {
  const params = new URLSearchParams({ countryCode: 'DE', currencyCode: 'EUR', merchantCartToken: TOKEN, ...query });
  const res = await fetch(`${server.url}/get-checkout-cart-info-url?${params}`, {
    method: init.method ?? 'GET',
    headers: init.body === undefined ? init.headers : { 'Content-Type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  return read(res);
}

async function read(res: Response): Promise<{ status: number; json: any; text: string; headers: Headers }> {
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** Opens a TCP connection to the server of `url` and closes it; rejects with the connection's error (ECONNREFUSED once nothing listens). */
export function connectTo(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.end();
      resolve();
    });
    socket.on('error', reject);
  });
}
