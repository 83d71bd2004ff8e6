import { describe, expect, it } from 'vitest';
import { canRefundOrder, canRefundToCard, needsAttention, refundDestinations } from './orderStatus';

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

describe('needsAttention', () => {
  it('is a processing order flagged with a reason, and nothing else', () => {
    expect(needsAttention({ status: 'processing', attentionReason: 'Game provider unavailable' })).toBe(true);
    expect(needsAttention({ status: 'processing', attentionReason: null })).toBe(false);
    // A failed (refunded) or completed order offers no retry, whatever an old row says.
    expect(needsAttention({ status: 'failed', attentionReason: 'Game provider unavailable' })).toBe(false);
    expect(needsAttention(undefined)).toBe(false);
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
