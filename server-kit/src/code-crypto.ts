import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Activation codes are secrets: stored encrypted (AES-256-GCM) and found or de-duplicated by a keyed
 * hash, so neither a database dump nor a leaked hash column gives codes away.
 *
 * Stored form: base64(iv[12] | auth tag[16] | ciphertext), one text column.
 * Hash: hex HMAC-SHA256 over the normalised code, keyed by a key derived (HKDF) from the codes key, so
 * the encryption key itself is never used for a second purpose.
 */
export interface CodeCrypto {
  /** Encrypts the normalised code with a fresh random IV: the same code encrypts differently each time. */
  encrypt(code: string): string;
  /** Decrypts a stored value; throws when it was tampered with or encrypted under another key. */
  decrypt(stored: string): string;
  /** Keyed hash of the normalised code, hex: equal codes give equal hashes (unique index, look-up). */
  hash(code: string): string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const HASH_KEY_INFO = 'topup-store/activation-code-hash/v1';

/** What makes two codes the same code: surrounding whitespace from pasting does not count. */
export function normaliseCode(code: string): string {
  return code.trim();
}

/** The 32-byte key from its configured form: 64 hex digits, or base64 of 32 bytes. */
export function parseCodesKey(codesKey: string): Buffer {
  const text = codesKey.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error('CODES_KEY must be 32 bytes, written as 64 hex digits or in base64');
  }
  return key;
}

export function createCodeCrypto(codesKey: string): CodeCrypto {
  const encryptionKey = parseCodesKey(codesKey);
  const hashKey = Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), HASH_KEY_INFO, KEY_BYTES));

  return {
    encrypt(code) {
      const plain = normaliseCode(code);
      if (plain === '') throw new Error('Cannot encrypt an empty activation code');
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
    },

    decrypt(stored) {
      const data = Buffer.from(stored, 'base64');
      if (data.length <= IV_BYTES + TAG_BYTES) throw new Error('Stored activation code is malformed');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, data.subarray(0, IV_BYTES));
      decipher.setAuthTag(data.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(data.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        // GCM authentication failed: a wrong key or altered bytes. Never return unauthenticated plaintext.
        throw new Error('Stored activation code failed authentication (wrong key or tampered data)');
      }
    },

    hash(code) {
      return createHmac('sha256', hashKey).update(normaliseCode(code), 'utf8').digest('hex');
    },
  };
}
