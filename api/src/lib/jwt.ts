import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Compact JWTs signed with HMAC-SHA256 (`HS256`), by Node's own crypto and synchronously: the tokens
 * jose signed before are accepted and these are accepted by jose. A token is refused unless its header
 * says HS256 and JWT with no critical extension, its signature is this key's, its claims are a JSON
 * object with the required ones present, and its times hold: `exp` still ahead, `nbf` passed, `iat`
 * not in the future, and, when the checks give a longest lifetime, `iat` present and less than that
 * lifetime ago.
 */
export interface Hs256Jwt {
  /** Signs the claims, issued now (`iat`) and valid for `lifetimeSeconds` (`exp`). */
  sign(claims: JwtClaims, lifetimeSeconds: number): string;
  /** The claims of a valid token, or undefined for anything forged, expired or malformed. */
  verify(token: string, checks: JwtChecks): JwtClaims | undefined;
}

export type JwtClaims = Record<string, unknown>;

export interface JwtChecks {
  /** Claims the token must carry. */
  required: readonly string[];
  /** The audience a token of one purpose must name. */
  audience?: string;
  /**
   * The longest a token may live from its `iat`, whatever its `exp` says: a token signed with the
   * real key but a far `exp` ends then. The claims returned carry the earlier of the two as `exp`.
   */
  maxLifetimeSeconds?: number;
}

/** Far longer than any token the store signs: anything longer is refused before any work. */
const MAX_TOKEN_LENGTH = 4096;
/** Another server's clock may run a little ahead of this one's. */
const CLOCK_SKEW_SECONDS = 60;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeObject(segment: string): JwtClaims | undefined {
  try {
    const value: unknown = JSON.parse(utf8.decode(Buffer.from(segment, 'base64url')));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JwtClaims) : undefined;
  } catch {
    return undefined;
  }
}

function headerAccepted(header: JwtClaims): boolean {
  // `typ` as RFC 7515 allows it: any case, with or without the `application/` prefix.
  const typ = typeof header.typ === 'string' ? header.typ.toLowerCase().replace(/^application\//, '') : undefined;
  // A critical extension this code does not know (`b64: false` among them) must not be ignored.
  return header.alg === 'HS256' && typ === 'jwt' && !Object.hasOwn(header, 'crit');
}

const isAbsentOrNumber = (value: unknown): value is number | undefined => value === undefined || typeof value === 'number';

/** When a token of well-typed times ends: its `exp`, or `iat` plus the longest lifetime when that comes first. */
function expiryOf(claims: JwtClaims, checks: JwtChecks): number | undefined {
  const { exp, iat } = claims as { exp?: number; iat?: number };
  if (checks.maxLifetimeSeconds === undefined || iat === undefined) return exp;
  return Math.min(exp ?? Infinity, iat + checks.maxLifetimeSeconds);
}

function claimsAccepted(claims: JwtClaims, checks: JwtChecks): boolean {
  if (!checks.required.every((claim) => Object.hasOwn(claims, claim))) return false;
  const { exp, nbf, iat, aud } = claims;
  if (!isAbsentOrNumber(exp) || !isAbsentOrNumber(nbf) || !isAbsentOrNumber(iat)) return false;
  // Without `iat` a lifetime cannot be counted: such a token is refused where one is set.
  if (checks.maxLifetimeSeconds !== undefined && iat === undefined) return false;
  const now = Math.floor(Date.now() / 1000);
  const expiry = expiryOf(claims, checks);
  if (expiry !== undefined && expiry <= now) return false;
  if (nbf !== undefined && nbf > now) return false;
  if (iat !== undefined && iat > now + CLOCK_SKEW_SECONDS) return false;
  if (checks.audience === undefined) return true;
  return aud === checks.audience || (Array.isArray(aud) && aud.includes(checks.audience));
}

export function createHs256Jwt(secret: string | Uint8Array): Hs256Jwt {
  const key: KeyObject = createSecretKey(typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret);
  const signatureOf = (signingInput: string) => createHmac('sha256', key).update(signingInput).digest('base64url');

  return {
    sign(claims, lifetimeSeconds) {
      const issuedAt = Math.floor(Date.now() / 1000);
      const payload = JSON.stringify({ ...claims, iat: issuedAt, exp: issuedAt + lifetimeSeconds });
      const signingInput = `${HEADER}.${Buffer.from(payload).toString('base64url')}`;
      return `${signingInput}.${signatureOf(signingInput)}`;
    },

    verify(token, checks) {
      if (token.length > MAX_TOKEN_LENGTH) return undefined;
      const segments = token.split('.');
      if (segments.length !== 3) return undefined;
      const [header, payload, signature] = segments as [string, string, string];
      if (!BASE64URL.test(header) || !BASE64URL.test(payload)) return undefined;
      // The encoded signature is compared, not its bytes: only its one canonical encoding is accepted.
      const expected = Buffer.from(signatureOf(`${header}.${payload}`));
      const presented = Buffer.from(signature);
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
      // Parsed only once the signature holds: nothing of a forged token is read.
      const protectedHeader = decodeObject(header);
      if (!protectedHeader || !headerAccepted(protectedHeader)) return undefined;
      const claims = decodeObject(payload);
      if (!claims || !claimsAccepted(claims, checks)) return undefined;
      return checks.maxLifetimeSeconds === undefined ? claims : { ...claims, exp: expiryOf(claims, checks) };
    },
  };
}

/**
 * The account claims every token of the store carries: `sub`, the user's id as a decimal string,
 * and `ver`, users.token_version when the token was signed.
 */
export function accountOf(claims: JwtClaims): { userId: number; tokenVersion: number } | undefined {
  const { sub, ver } = claims;
  if (typeof sub !== 'string' || !/^[1-9][0-9]{0,15}$/.test(sub) || !Number.isSafeInteger(ver)) return undefined;
  const userId = Number(sub);
  return Number.isSafeInteger(userId) ? { userId, tokenVersion: ver as number } : undefined;
}
