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
  'rate-update': { requestId: string };
  'reservation-expiry': { bucket: string };
}
