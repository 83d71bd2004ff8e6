import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The name authenticator apps show above the account. */
export const TOTP_ISSUER = 'TopUp Arena';

/** ±1 step of 30 s around now: a phone whose clock is a little off still signs in (RFC 6238, 5.2). */
const EPOCH_TOLERANCE_SECONDS = 30;
const TOTP_CODE = /^\d{6}$/;

/** A new random secret (20 bytes, base32), as authenticator apps expect. */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const totpUrl = (secret: string, account: string): string => generateURI({ issuer: TOTP_ISSUER, label: account, secret });

/** The URI as a PNG data URL: the page's content security policy allows data: images, and nothing leaves the store. */
export const qrCodeDataUrl = (text: string): Promise<string> =>
  QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 240 });

export const looksLikeTotp = (code: string): boolean => TOTP_CODE.test(code);

/**
 * The time step of `code` when it is valid now (±1 step) and later than `afterStep`, else null.
 * Refusing the step already used (and earlier ones) is what makes each code single-use.
 */
export async function acceptedTotpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!looksLikeTotp(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // otplib throws when the last used step is ahead of the whole window: nothing in it is acceptable.
    return null;
  }
}
