import { expect, vi } from 'vitest';
import type { TestApp, TestUser } from './harness';

/** What the game pages hand to checkout (TopupData in common/src/api/topup.ts), for tests; prices as decimals, as the API speaks. */

/** A player the sandbox game knows; one ending in 13 has every top-up declined. */
export const SANDBOX_PLAYER = '51234567';
export const DECLINED_PLAYER = '51234513';

/** A Free Fire top-up of an offer priced 1.99 USD / 157.21 RUB. */
export const freefireTopup = (offer: { itemId: number; name: string }, fields: Record<string, unknown> = {}) => ({
  service: 'freefire',
  login: '',
  player_id: SANDBOX_PLAYER,
  offer_id: offer.itemId,
  offer_name: offer.name,
  price_usd: 1.99,
  price_rub: 157.21,
  input_currency: 'usd',
  currency: 'usd',
  commission: 0,
  image_url: '/images/freefire.svg',
  ...fields,
});

/** PUBG packages, one each, at the prices the shopper saw. */
export const pubgTopup = (packageIds: number[], price: { usd: number; rub: number }) => ({
  service: 'pubg',
  player_id: SANDBOX_PLAYER,
  offer_id: -1,
  offer_name: 'PUBG Topup',
  price_usd: price.usd,
  price_rub: price.rub,
  packages: packageIds.map((id) => ({ denomination_id: id, quantity: 1 })),
});

/** 10 USD to a Steam wallet, with the 3 % commission the calculation answers. */
export const steamTopup = (fields: Record<string, unknown> = {}) => ({
  service: 'steam',
  login: 'gabe_N1',
  player_id: 'gabe_N1',
  offer_id: 0,
  offer_name: 'Steam 10 USD',
  price_usd: 10,
  price_rub: 790,
  input_currency: 'usd',
  currency: 'usd',
  commission: 0.3,
  image_url: '/images/steam.svg',
  user_balance_currency: 'usd',
  amount: 10,
  ...fields,
});

/** POST /api/payment/create as the shopper, expected to be created (201): the order and the gateway's pay page. */
export async function startGatewayPayment(app: TestApp, shopper: Pick<TestUser, 'token'>, body: Record<string, unknown>) {
  const created = await app.request('POST', '/api/payment/create', { token: shopper.token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { orderId: created.body.orderId as number, payUrl: created.body.pay_url as string };
}

/** The shopper's browser on the sandbox pay page: the card form (or the SBP page) and one of its buttons. */
export async function decideOnSandboxPage(app: TestApp, payPath: string, decision: 'pay' | 'decline'): Promise<string | null> {
  const response = await fetch(`${app.baseUrl}${payPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', decision }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location');
}

/** The shopper's receipt, once the order has reached `status` (as the page's polling sees it). */
export const waitForOrderStatus = (app: TestApp, shopper: Pick<TestUser, 'token'>, orderId: number, status: string) =>
  vi.waitFor(
    async () => {
      const response = await app.request('GET', `/api/orders/${orderId}`, { token: shopper.token });
      expect(response.body.status).toBe(status);
      return response.body;
    },
    { timeout: 10_000, interval: 50 },
  );
