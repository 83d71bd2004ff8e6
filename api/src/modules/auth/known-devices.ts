import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../types';
import type { LoginAttempt } from './login-protection.service';

/** OWASP's device cookie: proof that this browser has signed in to this nickname before. */
export const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_DAYS = 365;

/** Case and surrounding spaces do not make another account (users are found by lower(nickname)). */
export const normalisedNickname = (nickname: string): string => nickname.trim().toLowerCase();

export interface KnownDevices {
  /** The device id of a validly signed device cookie on the request, whatever nickname it names. */
  anyDevice(ctx: AppContext): string | undefined;
  /** A sign-in to this nickname from this request, as the login protection counts it. */
  attemptOf(ctx: AppContext, nickname: string): LoginAttempt;
  /** After a completed sign-in: (re)issues the cookie naming the nickname, keeping the device id it names. */
  remember(ctx: AppContext, nickname: string): void;
}

/**
 * Signed device cookies (HMAC-SHA256 over the device id and the nickname). A browser holding one for
 * a nickname has its own failure budget and is preferred when password checks are shed, so neither a
 * flood nor a lockout by nickname keeps the account's owner out.
 */
export function createKnownDevices(deps: { secret: string }): KnownDevices {
  const signature = (payload: string) => createHmac('sha256', deps.secret).update(`device-cookie:${payload}`).digest('base64url');

  function read(ctx: AppContext): { deviceId: string; nickname: string } | undefined {
    const value = ctx.cookies.get(DEVICE_COOKIE);
    const [deviceId, encodedNickname, signed, ...rest] = value?.split('.') ?? [];
    if (!deviceId || !encodedNickname || !signed || rest.length > 0) return undefined;
    const expected = Buffer.from(signature(`${deviceId}.${encodedNickname}`));
    const given = Buffer.from(signed);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { deviceId, nickname: Buffer.from(encodedNickname, 'base64url').toString() };
  }

  return {
    anyDevice: (ctx) => read(ctx)?.deviceId,
    attemptOf(ctx, nickname) {
      const device = read(ctx);
      const known = device?.nickname === normalisedNickname(nickname);
      return { nickname, ip: ctx.ip, device: known ? device.deviceId : undefined, requestId: ctx.state.requestId };
    },
    remember(ctx, nickname) {
      const deviceId = read(ctx)?.deviceId ?? randomUUID();
      const payload = `${deviceId}.${Buffer.from(normalisedNickname(nickname)).toString('base64url')}`;
      ctx.cookies.set(DEVICE_COOKIE, `${payload}.${signature(payload)}`, {
        httpOnly: true,
        // Secure wherever the request came over HTTPS (production, behind its proxy).
        secure: ctx.secure,
        sameSite: 'strict',
        path: '/api',
        maxAge: DEVICE_COOKIE_DAYS * 24 * 3600 * 1000,
        overwrite: true,
      });
    },
  };
}
