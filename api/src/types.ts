import type Koa from 'koa';
import type { UserRole } from '@topup/common';
import type { Logger } from './logger';

export interface AuthenticatedUser {
  id: number;
  nickname: string;
  role: UserRole;
}

export interface AppState extends Koa.DefaultState {
  requestId: string;
  log: Logger;
  user?: AuthenticatedUser;
  /** Request parts as validated (and, for query and params, type-coerced) by the route's schemas. */
  valid: { body?: unknown; query?: unknown; params?: unknown };
}

export type AppContext = Koa.ParameterizedContext<AppState>;
export type AppMiddleware = Koa.Middleware<AppState>;
