import { createPaymentCallbackService, createPaymentGateways } from '@topup/api';
import type { ProcessorFactory } from './index';

/**
 * Payment work, one job name per kind (QueuePayloads['payment-callback']): a verified gateway event
 * applied (the order paid and sent to fulfilment, credited to the balance when paid too late, or
 * declined and its codes and cart given back); a payment read back from a gateway whose notifications
 * are only hints; a refund sent to the card; and the schedule's sweep of what is still open. Each is
 * idempotent, so a retried or duplicated job is harmless.
 */
export const createPaymentCallbackProcessor: ProcessorFactory<'payment-callback'> = ({ config, db, logger, catalogueChanges }) => {
  const gateways = createPaymentGateways({ config, db, logger });
  const callbacks = createPaymentCallbackService({ db, logger, gateways, catalogueChanges });
  return async (job) => {
    const { data } = job;
    if ('gatewayEventId' in data) return { outcome: await callbacks.applyGatewayEvent(data.gatewayEventId) };
    // Only a gateway notification queues a payment's check: it starts the payment's back-off again.
    if ('paymentId' in data) return { outcome: await callbacks.checkPayment(data.paymentId, { notified: true }) };
    if ('refundId' in data) return { outcome: await callbacks.sendRefund(data.refundId) };
    return callbacks.pollOpenPayments();
  };
};
