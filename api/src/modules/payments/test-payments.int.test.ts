import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { createPaymentGateways } from '../../providers/payment';
import { freefireTopup, startGatewayPayment, startYookassaStore, type YookassaStore } from '../../testing';
import { createCatalogueChanges } from '../catalogue/catalogue-changes';
import { createPaymentCallbackService } from './payment-callback.service';

/**
 * No test money in production: a payment YooKassa made in a test shop (`test: true`, paid with its
 * published test cards) never completes an order of a production store.
 */

let store: YookassaStore;
const logger = createLogger('silent', 'test-payments-test');

beforeAll(async () => {
  store = await startYookassaStore({ standIn: { testShop: true } });
});

afterAll(() => store?.close());

/** The workers' payment-callback service of a store that does, or does not, accept test payments. */
const callbacks = (acceptTestPayments: boolean) => {
  const { app } = store;
  return createPaymentCallbackService({
    db: app.db,
    logger,
    gateways: createPaymentGateways({ config: { ...app.config, yookassa: { ...app.config.yookassa, acceptTestPayments } }, db: app.db, logger }),
    catalogueChanges: createCatalogueChanges(app.invalidations),
  });
};

describe('a payment YooKassa marks test: true', () => {
  it('is never applied by a production store: the order stays unpaid and is flagged once; elsewhere it completes', async () => {
    const { app, yookassa, fixtures } = store;
    const shopper = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721 });
    const { orderId, payUrl } = await startGatewayPayment(app, shopper, { type: 'topup', currency: 'usd', method: 'card', topupData: freefireTopup(offer) });
    await yookassa.succeed(new URL(payUrl).pathname.split('/').pop()!, { notify: false });
    const payment = await app.db('payments').where({ order_id: orderId }).first();

    const production = callbacks(false);
    expect(await production.checkPayment(payment.id)).toBe('test-payment');
    expect(await production.checkPayment(payment.id)).toBe('test-payment');
    const order = await app.db('orders').where({ id: orderId }).first();
    expect(order).toMatchObject({ status: 'pending', attention_reason: expect.stringContaining('test payment') });
    expect(await app.db('payments').where({ id: payment.id }).first()).toMatchObject({ status: 'pending' });
    expect(await app.db('order_events').where({ order_id: orderId, kind: 'attention_raised' })).toHaveLength(1);
    expect(await app.db('outbox').where({ queue: 'fulfilment' }).whereRaw("payload->>'orderId' = ?", [String(orderId)])).toHaveLength(0);

    expect(await callbacks(true).checkPayment(payment.id)).toBe('paid');
  });
});
