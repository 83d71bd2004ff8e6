import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { parseCodesKey } from '@topup/server-kit';

export const RECOVERY_CODE_COUNT = 10;

/** 32 letters and digits without the look-alikes 0/O and 1/I, so a code read off paper types back right. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GROUP = 5;
const LENGTH = 2 * GROUP;
const HASH_KEY_INFO = 'topup-store/two-factor-recovery-code-hash/v1';

/** One code in its normalised form, 10 characters: 50 random bits (256 is a multiple of 32, so no bias). */
function recoveryCode(): string {
  return Array.from(randomBytes(LENGTH), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** A new set of codes, normalised (as hashed and stored). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
}

/** As shown to the admin: `XXXXX-XXXXX`. */
export const formatRecoveryCode = (normalised: string): string => `${normalised.slice(0, GROUP)}-${normalised.slice(GROUP)}`;

/** What the admin typed, as stored: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(code: string): string | null {
  const normalised = code.toUpperCase().replace(/[\s-]/g, '');
  if (normalised.length !== LENGTH || [...normalised].some((character) => !ALPHABET.includes(character))) return null;
  return normalised;
}

/**
 * Keyed hash (HMAC-SHA256) of a normalised code, under a key derived from CODES_KEY for this purpose
 * only. A fast hash is enough: the codes are random (50 bits), not passwords someone chose.
 */
export function createRecoveryCodeHasher(codesKey: string): (normalisedCode: string) => string {
  const key = Buffer.from(hkdfSync('sha256', parseCodesKey(codesKey), Buffer.alloc(0), HASH_KEY_INFO, 32));
  return (normalisedCode) => createHmac('sha256', key).update(normalisedCode, 'utf8').digest('hex');
}
