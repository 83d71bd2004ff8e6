import Router from '@koa/router';
import { gameEndpoints } from '@topup/common/api';
import { contentLanguage } from '../../lib/content-language';
import { typedRoutes } from '../../lib/typed-routes';
import type { RateLimitFactory } from '../../middleware/rate-limit';
import type { AppState } from '../../types';
import type { CatalogueAnswers } from '../catalogue/catalogue-answers';
import type { GamesService } from './games.service';

export function createGamesRouter(deps: { games: GamesService; answers: CatalogueAnswers; rateLimit: RateLimitFactory }) {
  const { games, answers, rateLimit } = deps;
  const router = new Router<AppState>();
  const routes = typedRoutes(router);

  // A game's page shows its product's texts and its denominations: any catalogue change may touch it.
  routes.add(gameEndpoints.bySlug, async (ctx, { params }) => answers.answer(ctx, 'every product', () => games.page(contentLanguage(ctx), params.slug)));

  // An unknown player is an answer, not an error: 200 with success false (the page shows it on the field).
  routes.add(gameEndpoints.checkPlayer, [rateLimit('playerCheck')], async (_ctx, { params, body }) => games.checkPlayer(params.slug, body.fields));

  return router;
}
