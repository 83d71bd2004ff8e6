import Router from '@koa/router';
import { adminActor, bigIdParams, type IdParams } from '../../../lib/admin-input';
import { listQuerySchema, sendList } from '../../../lib/simple-rest';
import type { AuthGuards } from '../../../middleware/auth';
import { validate } from '../../../middleware/validate';
import type { AppState } from '../../../types';
import { generateBody, publishBody, requestParams, type GenerateBody, type PublishBody, type RequestParams } from './generated-codes.schemas';
import { GENERATED_CODES_LIST, GENERATION_REQUESTS_LIST, type GeneratedCodesService } from './generated-codes.service';

/** `/admin/generated-codes` (docs/admin-api.md, Generated Free Fire codes). */
export function createGeneratedCodesRouter(deps: { generatedCodes: GeneratedCodesService; guards: AuthGuards }) {
  const { generatedCodes, guards } = deps;
  // The guard sits under this router's prefix, so it runs for these paths only.
  const router = new Router<AppState>({ prefix: '/admin/generated-codes' });
  router.use(guards.requireAdmin);

  router.get('/', validate({ query: listQuerySchema }), async (ctx) => {
    const page = await generatedCodes.list(ctx.state.valid.query as Record<string, string>);
    sendList(ctx, GENERATED_CODES_LIST.resource, page.records, page.total, page.range);
  });

  router.post('/generate', validate({ body: generateBody }), async (ctx) => {
    ctx.body = await generatedCodes.requestGeneration(adminActor(ctx), ctx.state.valid.body as GenerateBody);
    ctx.status = 202;
  });

  router.post('/publish', validate({ body: publishBody }), async (ctx) => {
    ctx.body = await generatedCodes.setPublished(adminActor(ctx), ctx.state.valid.body as PublishBody);
  });

  // Before '/:id', which would otherwise claim them.
  router.get('/requests', validate({ query: listQuerySchema }), async (ctx) => {
    const page = await generatedCodes.listRequests(ctx.state.valid.query as Record<string, string>);
    sendList(ctx, GENERATION_REQUESTS_LIST.resource, page.records, page.total, page.range);
  });

  router.get('/requests/:id', validate({ params: requestParams }), async (ctx) => {
    ctx.body = await generatedCodes.getRequest((ctx.state.valid.params as RequestParams).id);
  });

  router.get('/:id', validate({ params: bigIdParams }), async (ctx) => {
    ctx.body = await generatedCodes.get((ctx.state.valid.params as IdParams).id);
  });

  router.delete('/:id', validate({ params: bigIdParams }), async (ctx) => {
    ctx.body = await generatedCodes.remove(adminActor(ctx), (ctx.state.valid.params as IdParams).id);
  });

  return router;
}
