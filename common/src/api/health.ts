import Type, { type Static } from 'typebox';
import { endpoint } from './contract';

export const Health = Type.Object({
  status: Type.Literal('ok'),
  uptimeSeconds: Type.Integer({ minimum: 0, description: 'Seconds since this process started.' }),
});
export type Health = Static<typeof Health>;

export const Readiness = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
    degraded: Type.Optional(Type.Array(Type.Literal('redis'), { description: 'The dependencies that are away while the store still serves.' })),
  },
  { examples: [{ status: 'ok' }, { status: 'degraded', degraded: ['redis'] }] },
);
export type Readiness = Static<typeof Readiness>;

const tag = 'Health';

export const healthEndpoints = {
  health: endpoint({ method: 'get', path: '/health', auth: 'none', tag, summary: 'Whether the process answers', response: Health }),
  ready: endpoint({
    method: 'get',
    path: '/ready',
    auth: 'none',
    tag,
    summary: 'Whether the store can serve',
    description:
      'Postgres is required (money, stock and orders live there): without it 503 SERVICE_UNAVAILABLE with `details: {postgres, redis}` and a Retry-After. Without Redis the store only degrades (rate limits per process, queued work waits in the outbox): 200 `degraded`.',
    response: Readiness,
    errors: [503],
  }),
};
