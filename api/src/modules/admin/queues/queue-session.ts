import { createPurposeTokens } from '../../../lib/purpose-tokens';

/** Where the queue dashboard lives; its session cookie is scoped to this path. */
export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';
export const QUEUE_SESSION_COOKIE = 'queue_dashboard_session';
export const QUEUE_SESSION_TTL_SECONDS = 15 * 60;

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
  const ttlSeconds = deps.ttlSeconds ?? QUEUE_SESSION_TTL_SECONDS;
  const tokens = createPurposeTokens({
    secret: deps.secret,
    keyInfo: 'topup-store/queue-dashboard-session/v1',
    audience: 'queue-dashboard',
    ttlSeconds,
  });

  return {
    ttlSeconds,
    sign: ({ userId, tokenVersion }: QueueSessionClaims) => tokens.sign({ userId, tokenVersion }),
    /** The claims of a valid session, or undefined for anything forged, expired or malformed. */
    verify(token: string): QueueSessionClaims | undefined {
      const claims = tokens.verify(token);
      return claims && { userId: claims.userId, tokenVersion: claims.tokenVersion };
    },
  };
}

export type QueueSessions = ReturnType<typeof createQueueSessions>;
