import { hkdfSync } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Where the queue dashboard lives; its session cookie is scoped to this path. */
export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';
export const QUEUE_SESSION_COOKIE = 'queue_dashboard_session';
export const QUEUE_SESSION_TTL_SECONDS = 15 * 60;

const AUDIENCE = 'queue-dashboard';
const ALGORITHM = 'HS256';

export interface QueueSessionClaims {
  userId: number;
  tokenVersion: number;
}

/**
 * Short-lived signed sessions for the queue dashboard (a browser cannot send the bearer token on a
 * page navigation, so the back office trades it for this cookie). The key is derived from
 * JWT_SECRET for this purpose only, so a dashboard session is never accepted as an API token.
 */
export function createQueueSessions(deps: { secret: string; ttlSeconds?: number }) {
  const key = new Uint8Array(hkdfSync('sha256', deps.secret, Buffer.alloc(0), 'topup-store/queue-dashboard-session/v1', 32));
  const ttlSeconds = deps.ttlSeconds ?? QUEUE_SESSION_TTL_SECONDS;

  return {
    ttlSeconds,
    sign: ({ userId, tokenVersion }: QueueSessionClaims) =>
      new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    /** The claims of a valid session, or undefined for anything forged, expired or malformed. */
    async verify(token: string): Promise<QueueSessionClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], audience: AUDIENCE });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.ver !== 'number') return undefined;
        return { userId, tokenVersion: payload.ver };
      } catch {
        return undefined;
      }
    },
  };
}

export type QueueSessions = ReturnType<typeof createQueueSessions>;
