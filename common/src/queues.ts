/** BullMQ queue names and the payload each one carries (docs/architecture.md, "Queues and their jobs"). */
export const QUEUES = {
  fulfilment: 'fulfilment',
  paymentCallback: 'payment-callback',
  codeGeneration: 'code-generation',
  rateUpdate: 'rate-update',
  reservationExpiry: 'reservation-expiry',
  supplierCatalogue: 'supplier-catalogue',
  mail: 'mail',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type PaymentCallbackPayload =
  | { gatewayEventId: number }
  | { paymentId: number }
  | { refundId: number }
  | { bucket: string };

export interface QueuePayloads {
  /** `supplierPolls`: how often the job has looked up a supplier order still pending (it waits longer each time). */
  fulfilment: { orderId: number; supplierPolls?: number };
  /**
   * One job name per kind of payment work: `apply-gateway-event` (a signed event stored by the
   * webhook), `check-payment` (read a payment back from a gateway whose notifications are only hints),
   * `refund-payment` (send a refund to the card) and `poll-payments` (the schedule that settles what
   * is still open).
   */
  'payment-callback': PaymentCallbackPayload;
  'code-generation': { requestId: string; denominationId: number; count: number };
  /** A manual refresh names its request; a run of the daily schedule is keyed by the date it fires on. */
  'rate-update': { requestId: string } | { schedule: 'daily' };
  'reservation-expiry': { bucket: string };
  /**
   * `sync-catalogue`: an admin's import of a supplier's catalogue; `read-balances`: one supplier's balance read
   * after its order ended (`supplierId`), or every supplier's on the schedule (`bucket`).
   */
  'supplier-catalogue': { supplierId: number } | { bucket: string };
  /** `send-mail`: one row of `mails`, sent once however often the job runs. */
  mail: { mailId: number };
}

/** The Postgres channel the API notifies on committing outbox rows; the outbox relay listens on it. */
export const OUTBOX_CHANNEL = 'outbox';
