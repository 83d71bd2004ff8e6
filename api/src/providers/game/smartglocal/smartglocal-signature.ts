import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/*
 * Smart Glocal request signing (developer.smart-glocal.com, "API interaction", "Request signature"): the request
 * body is signed as a whole, exactly as sent (after serialising it to JSON), with the partner's RSA private key;
 * the signature travels in the X-PARTNER-SIGN header beside X-PARTNER-PROJECT. Smart Glocal signs its webhooks
 * the same way with its own key, and the partner checks them with Smart Glocal's public key. The page names RSA
 * but not the hash or the encoding; Smart Glocal's (Bank 131's) own client library signs with
 * openssl_sign(body, OPENSSL_ALGO_SHA256), RSASSA-PKCS1-v1_5 over SHA-256, and base64-encodes the result, as
 * these functions do (the stand-in checks by its own copy of the rule).
 */

export const SMARTGLOCAL_PROJECT_HEADER = 'X-PARTNER-PROJECT';
export const SMARTGLOCAL_SIGN_HEADER = 'X-PARTNER-SIGN';
/** Smart Glocal's idempotency header (its client library's HeaderEnum::IDEMPOTENCY_KEY). */
export const SMARTGLOCAL_IDEMPOTENCY_HEADER = 'X-PARTNER-IDEMPOTENCY-KEY';

/** The base64 RSA-SHA256 signature of a body, as sent. */
export const smartglocalSignature = (body: string, privateKey: KeyObject | string): string =>
  sign('sha256', Buffer.from(body, 'utf8'), privateKey).toString('base64');

/** Whether `signature` (base64) is the RSA-SHA256 signature of `body` under `publicKey`; never throws on a malformed one. */
export function smartglocalSignatureValid(body: string, signature: string | undefined, publicKey: KeyObject | string): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify('sha256', Buffer.from(body, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** A PEM key read once; a malformed one stops the caller at set-up rather than at the first payout. */
export const privateKeyOf = (pem: string): KeyObject => createPrivateKey(pem);
export const publicKeyOf = (pem: string): KeyObject => createPublicKey(pem);
