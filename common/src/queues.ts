/** BullMQ queue names and the payload each one carries (DESIGN.md, Queues). */
export const QUEUES = {
  fulfilment: 'fulfilment',
  paymentCallback: 'payment-callback',
  codeGeneration: 'code-generation',
  rateUpdate: 'rate-update',
  reservationExpiry: 'reservation-expiry',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface QueuePayloads {
  fulfilment: { orderId: number };
  'payment-callback': { gatewayEventId: number };
  'code-generation': { requestId: string; denominationId: number; count: number };
  /** A manual refresh names its request; a run of the daily schedule is keyed by the date it fires on. */
  'rate-update': { requestId: string } | { schedule: 'daily' };
  'reservation-expiry': { bucket: string };
}
