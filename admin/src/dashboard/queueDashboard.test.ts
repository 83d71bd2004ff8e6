import { describe, expect, it } from 'vitest';
import { queueDashboardUrl } from './queueDashboard';

describe('queueDashboardUrl', () => {
  it('opens the dashboard home, or a queue on its failed jobs', () => {
    expect(queueDashboardUrl()).toBe('/api/admin/queues/');
    expect(queueDashboardUrl('payment-callback')).toBe('/api/admin/queues/queue/payment-callback?status=failed');
  });
});
