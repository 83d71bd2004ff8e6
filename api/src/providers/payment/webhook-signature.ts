import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './payment-gateway';

/** How far a signature's timestamp may be from now, either way: older ones are replays. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

const HEX_SHA256 = /^[0-9a-f]{64}$/;

const unixNow = () => Math.floor(Date.now() / 1000);

function hmacHex(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** The signature header value for a body: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + '.' + body)>`. */
export function signWebhook(secret: string, rawBody: string, timestamp = unixNow()): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

/**
 * Checks a `t=...,v1=...` signature header over the raw body: a timestamp within the tolerance and
 * a v1 value (several are allowed, for secret rotation) equal to the expected HMAC, compared in
 * constant time. Throws WebhookSignatureError otherwise.
 */
export function verifyWebhookSignature(
  secret: string,
  rawBody: string | undefined,
  header: string | string[] | undefined,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): void {
  if (rawBody === undefined) throw new WebhookSignatureError('The webhook has no body to verify');
  if (typeof header !== 'string' || header === '') throw new WebhookSignatureError('The webhook is not signed');

  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && HEX_SHA256.test(value)) candidates.push(value);
  }
  if (timestamp === undefined || candidates.length === 0) {
    throw new WebhookSignatureError('The webhook signature is malformed');
  }
  const tolerance = options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs((options.nowSeconds ?? unixNow()) - timestamp) > tolerance) {
    throw new WebhookSignatureError('The webhook signature has expired');
  }

  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
  // Every candidate is compared, so the time taken says nothing about which one (if any) matched.
  let matched = false;
  for (const candidate of candidates) {
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
  }
  if (!matched) throw new WebhookSignatureError('The webhook signature does not match');
}
