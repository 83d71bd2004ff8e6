import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * SEAGM Open API signing (doc.openapi.seagm.io, "SIGNED Endpoint security"): every signed call carries `uid`,
 * `timestamp` (seconds) and `signature`, the hex HMAC-SHA256 keyed with the secret over every other
 * parameter (query string and body together) sorted by name and joined as `name=value&...`, values not
 * URL-encoded. The signature is not case sensitive. SEAGM refuses a timestamp more than 120 s from its clock.
 * Its notices to the merchant are signed the same way. The stand-in checks and signs by its own copy of these
 * rules, so it checks these.
 */

/** SEAGM's window around its clock for `timestamp`, in seconds. */
export const SEAGM_TIMESTAMP_WINDOW_SECONDS = 120;

/** The text SEAGM signs: the parameters other than `signature`, sorted by name, as `name=value&...`. */
export function seagmSignedText(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((name) => name !== 'signature')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

export const seagmSignature = (params: Readonly<Record<string, string>>, secret: string): string =>
  createHmac('sha256', secret).update(seagmSignedText(params), 'utf8').digest('hex');

/** The parameters with `uid`, `timestamp` and their `signature` added. */
export function signSeagmParams(params: Readonly<Record<string, string>>, credentials: { uid: string; secret: string }, nowSeconds: number): Record<string, string> {
  const signed = { ...params, uid: credentials.uid, timestamp: String(nowSeconds) };
  return { ...signed, signature: seagmSignature(signed, credentials.secret) };
}

/** Why signed parameters are refused: no or a wrong signature, or a timestamp outside the window. */
export type SeagmSignatureProblem = 'signature' | 'timestamp';

/** Checks signed parameters as SEAGM does: undefined when they pass. */
export function seagmSignatureProblem(params: Readonly<Record<string, string>>, secret: string, nowSeconds: number): SeagmSignatureProblem | undefined {
  const timestamp = Number(params.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) >= SEAGM_TIMESTAMP_WINDOW_SECONDS) return 'timestamp';
  const given = Buffer.from((params.signature ?? '').toLowerCase(), 'utf8');
  const expected = Buffer.from(seagmSignature(params, secret), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected) ? undefined : 'signature';
}
