import { describe, expect, it } from 'vitest';
import {
  adminNextStatuses,
  adminStatusChange,
  canTransition,
  initialOrderStatus,
  isOrderStatus,
  ORDER_TRANSITIONS,
  type OrderActor,
  type OrderTransitionName,
} from './order-lifecycle';
import { ORDER_STATUSES, type OrderStatus } from './rules';

/** Every allowed move, written out by hand: the machine must say exactly this. */
const ALLOWED: Array<[OrderTransitionName, OrderStatus, OrderActor]> = [
  ['pay', 'pending', 'system'],
  ['complete', 'processing', 'system'],
  ['complete', 'processing', 'admin'],
  ['fail', 'processing', 'system'],
  ['fail', 'processing', 'admin'],
  ['refund', 'processing', 'admin'],
  ['refund', 'completed', 'admin'],
  ['refund', 'processing', 'system'],
  ['refund', 'completed', 'system'],
  ['cancel', 'pending', 'system'],
  ['cancel', 'pending', 'admin'],
  ['rerun', 'failed', 'admin'],
];

describe('the order state machine', () => {
  it('allows exactly the listed transitions, for every status and actor', () => {
    const names = Object.keys(ORDER_TRANSITIONS) as OrderTransitionName[];
    for (const name of names) {
      for (const from of ORDER_STATUSES) {
        for (const actor of ['system', 'admin'] as const) {
          const listed = ALLOWED.some(([n, f, a]) => n === name && f === from && a === actor);
          expect({ name, from, actor, allowed: canTransition(name, from, actor) }).toEqual({ name, from, actor, allowed: listed });
        }
      }
    }
  });

  it('leads where the design says', () => {
    expect(ORDER_TRANSITIONS.pay.to).toBe('processing');
    expect(ORDER_TRANSITIONS.complete.to).toBe('completed');
    expect(ORDER_TRANSITIONS.fail.to).toBe('failed');
    expect(ORDER_TRANSITIONS.refund.to).toBe('failed');
    expect(ORDER_TRANSITIONS.cancel.to).toBe('cancelled');
    expect(ORDER_TRANSITIONS.rerun.to).toBe('processing');
  });

  it('ends nowhere from cancelled, and leaves completed only by a refund', () => {
    const names = Object.keys(ORDER_TRANSITIONS) as OrderTransitionName[];
    for (const actor of ['system', 'admin'] as const) {
      expect(names.filter((name) => canTransition(name, 'cancelled', actor))).toEqual([]);
    }
    expect(names.filter((name) => canTransition(name, 'completed', 'admin'))).toEqual(['refund']);
    // The store itself only records a refund the gateway made (Payme cancelling a performed transaction).
    expect(names.filter((name) => canTransition(name, 'completed', 'system'))).toEqual(['refund']);
  });

  it('starts a paid order processing and an unpaid one pending', () => {
    expect(initialOrderStatus(true)).toBe('processing');
    expect(initialOrderStatus(false)).toBe('pending');
  });
});

describe("the back office's status changes", () => {
  it('offers for each status the statuses an admin may choose', () => {
    expect(adminNextStatuses('pending')).toEqual(['cancelled']);
    expect(adminNextStatuses('processing')).toEqual(['completed', 'failed']);
    expect(adminNextStatuses('failed')).toEqual(['processing']);
    // A completed order is refunded by its own action, not by a status change.
    expect(adminNextStatuses('completed')).toEqual([]);
    expect(adminNextStatuses('cancelled')).toEqual([]);
    expect(adminNextStatuses('shipped')).toEqual([]);
    expect(adminNextStatuses(undefined)).toEqual([]);
  });

  it('names the transition of an allowed change and refuses every other', () => {
    expect(adminStatusChange('pending', 'cancelled')).toBe('cancel');
    expect(adminStatusChange('processing', 'completed')).toBe('complete');
    expect(adminStatusChange('processing', 'failed')).toBe('fail');
    expect(adminStatusChange('failed', 'processing')).toBe('rerun');
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (!adminNextStatuses(from).includes(to)) expect({ from, to, change: adminStatusChange(from, to) }).toEqual({ from, to, change: undefined });
      }
    }
  });

  it('knows the statuses', () => {
    for (const status of ORDER_STATUSES) expect(isOrderStatus(status)).toBe(true);
    expect(isOrderStatus('shipped')).toBe(false);
    expect(isOrderStatus(1)).toBe(false);
  });
});
