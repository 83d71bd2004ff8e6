import { ORDER_STATUSES } from '@topup/common';
import { describe, expect, it } from 'vitest';
import { canRefundOrder, canRefundToCard, nextOrderStatuses, ORDER_STATUS_TRANSITIONS, refundDestinations } from './orderStatus';

describe('nextOrderStatuses', () => {
  it('offers only the transitions the API allows', () => {
    expect(nextOrderStatuses('pending')).toEqual(['cancelled']);
    expect(nextOrderStatuses('processing')).toEqual(['completed', 'failed']);
    expect(nextOrderStatuses('failed')).toEqual(['processing']);
    expect(nextOrderStatuses('completed')).toEqual([]);
    expect(nextOrderStatuses('cancelled')).toEqual([]);
  });

  it('offers nothing for an unknown status', () => {
    expect(nextOrderStatuses('shipped')).toEqual([]);
    expect(nextOrderStatuses(undefined)).toEqual([]);
  });

  it('never offers the current status or an unknown one', () => {
    for (const status of ORDER_STATUSES) {
      for (const next of ORDER_STATUS_TRANSITIONS[status]) {
        expect(next).not.toBe(status);
        expect(ORDER_STATUSES).toContain(next);
      }
    }
  });
});

describe('canRefundOrder', () => {
  it('offers a refund for paid orders that still count as sold', () => {
    expect(canRefundOrder({ status: 'processing' })).toBe(true);
    expect(canRefundOrder({ status: 'completed' })).toBe(true);
    // Failed orders were refunded already; pending and cancelled ones were never paid.
    expect(canRefundOrder({ status: 'failed' })).toBe(false);
    expect(canRefundOrder({ status: 'pending' })).toBe(false);
    expect(canRefundOrder({ status: 'cancelled' })).toBe(false);
    expect(canRefundOrder(undefined)).toBe(false);
  });
});

describe('refund destinations', () => {
  it('offers the card only for an order with a paid gateway payment, first', () => {
    expect(refundDestinations({ payment: { status: 'paid' } })).toEqual(['card', 'balance']);
    expect(canRefundToCard({ payment: { status: 'paid' } })).toBe(true);
  });

  it('offers only the balance otherwise', () => {
    expect(refundDestinations({ payment: null })).toEqual(['balance']);
    expect(refundDestinations({})).toEqual(['balance']);
    expect(refundDestinations(undefined)).toEqual(['balance']);
    // Refunded in full already, or never paid.
    for (const status of ['refunded', 'pending', 'declined', 'expired']) {
      expect(canRefundToCard({ payment: { status } })).toBe(false);
    }
  });
});
