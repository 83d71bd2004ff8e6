import { createHmac } from 'node:crypto';

/*
 * MooGold reseller API signing (doc.moogold.com, "Authentication"; sent the same way by the public clients
 * pyMooGoldApi and Medboubazine/MooGold): every call is a JSON POST to `<api url>/<path>` whose body carries
 * that `path` too, with three headers: `Authorization: Basic base64(partner_id:secret)`, `timestamp` (Unix
 * seconds) and `auth`, the hex HMAC-SHA256 keyed with the secret over the body exactly as sent, then the
 * timestamp, then the path. The stand-in checks calls by its own copy of these rules, so it checks these.
 */

export interface MoogoldCredentials {
  partnerId: string;
  secret: string;
}

/** The `auth` header: hex HMAC-SHA256(secret, body + timestamp + path). */
export const moogoldAuth = (body: string, timestamp: string, path: string, secret: string): string =>
  createHmac('sha256', secret).update(`${body}${timestamp}${path}`, 'utf8').digest('hex');

/** The `Authorization` header: HTTP Basic of the partner id and the secret. */
export const moogoldBasicAuth = (credentials: MoogoldCredentials): string =>
  `Basic ${Buffer.from(`${credentials.partnerId}:${credentials.secret}`, 'utf8').toString('base64')}`;

/** A call as MooGold takes it: the JSON body (with `path` in it) and the headers that sign it. */
export function signMoogoldCall(
  path: string,
  params: Readonly<Record<string, unknown>>,
  credentials: MoogoldCredentials,
  nowSeconds: number,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ path, ...params });
  const timestamp = String(nowSeconds);
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      Authorization: moogoldBasicAuth(credentials),
      timestamp,
      auth: moogoldAuth(body, timestamp, path, credentials.secret),
    },
  };
}
