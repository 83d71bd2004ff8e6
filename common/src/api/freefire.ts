import Type, { type Static } from 'typebox';
import { ContentLanguageQuery, endpoint, Success } from './contract';
import { PlayerId, playerCheckEndpoint } from './players';
import { Sale } from './promotions';

/** A Free Fire offer; `price` is in USD. */
export const FreefireOffer = Type.Object(
  {
    id: Type.Integer(),
    item_id: Type.Integer({ description: "The game's own id of the offer: what a top-up sends as `offer_id`." }),
    name: Type.String(),
    game_amount: Type.Integer({ description: 'Diamonds.' }),
    is_active: Type.Boolean(),
    price: Type.Number({ description: 'USD.' }),
    price_rub: Type.Number(),
    sale: Type.Optional(Sale),
  },
  { examples: [{ id: 1, item_id: 101, name: '100 Diamonds', game_amount: 100, is_active: true, price: 0.99, price_rub: 78.21 }] },
);
export type FreefireOffer = Static<typeof FreefireOffer>;

export const FreefirePlayerCheck = Type.Union(
  [Success({ player_name: Type.String() }), Type.Object({ success: Type.Literal(false), error: Type.String() })],
  { examples: [{ success: true, player_name: 'Player5678' }, { success: false, error: 'Player not found' }] },
);
export type FreefirePlayerCheck = Static<typeof FreefirePlayerCheck>;

export const ActivateCodeBody = Type.Object(
  {
    playerID: PlayerId,
    code: Type.String({ minLength: 1, maxLength: 128, pattern: '\\S', description: 'A generated Free Fire code the store sold to you.' }),
  },
  { additionalProperties: false, examples: [{ playerID: '512345678', code: 'FF-7K2Q-9XW4-M3PD' }] },
);
export type ActivateCodeBody = Static<typeof ActivateCodeBody>;

/** A refusal is an answer the page shows (`error`, for people), not an HTTP error. */
export const CodeActivation = Type.Union([Success({}), Type.Object({ success: Type.Literal(false), error: Type.String() })], {
  examples: [{ success: true }, { success: false, error: 'This code has already been activated.' }],
});
export type CodeActivation = Static<typeof CodeActivation>;

const tag = 'Free Fire';

export const freefireEndpoints = {
  offers: endpoint({
    method: 'get',
    path: '/freefire/offers',
    auth: 'none',
    tag,
    summary: 'The diamond offers on sale',
    description: 'Active offers with a price in at least one currency, smallest first.',
    query: ContentLanguageQuery,
    response: Type.Array(FreefireOffer),
  }),
  checkPlayer: playerCheckEndpoint('freefire', tag, FreefirePlayerCheck),
  activateCode: endpoint({
    method: 'post',
    path: '/freefire/activate-code',
    auth: 'user',
    tag,
    summary: 'Credit a bought code to a player',
    description:
      'Only a code sold to you, once, to any player id you choose; any other code is an invalid code. Accepts an `Idempotency-Key` header. 503 while the game does not answer (the code stays unused: retry).',
    body: ActivateCodeBody,
    response: CodeActivation,
    errors: [503],
  }),
};
