import type Koa from 'koa';
import type { UserRole } from '@topup/common';
import type { Logger } from './logger';

export interface AuthenticatedUser {
  id: number;
  nickname: string;
  role: UserRole;
}

/** The session a valid bearer token stands for. */
export interface AuthenticatedSession {
  user: AuthenticatedUser;
  /** The presented token: its id and expiry (to revoke it), and its kind (to reissue one alike). */
  token: { jti: string; expiresAt: Date; remember: boolean; enrolment: boolean };
}

export interface AppState extends Koa.DefaultState {
  requestId: string;
  log: Logger;
  /** Set for a full session only: a token limited to two-factor enrolment leaves it unset. */
  user?: AuthenticatedUser;
  session?: AuthenticatedSession;
  /** Request parts as validated (and, for query and params, type-coerced) by the route's schemas. */
  valid: { body?: unknown; query?: unknown; params?: unknown };
  /** The route pattern of an answer sent before the router ran (a cached catalogue read), for metrics. */
  answeredRoute?: string;
  /** The Idempotency-Key this money call runs under (idempotency middleware); the order it places carries it. */
  idempotency?: IdempotencyClaim;
}

/** A request's claim of its Idempotency-Key. */
export interface IdempotencyClaim {
  key: string;
  /**
   * When this use of the key began (Postgres's text): an order carrying the key from before then
   * belongs to an earlier use, whose 24 hours are over.
   */
  since: string;
}

export type AppContext = Koa.ParameterizedContext<AppState>;
export type AppMiddleware = Koa.Middleware<AppState>;
