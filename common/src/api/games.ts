import Type, { type Static } from 'typebox';
import { GAME_FIELD_KEY_PATTERN, GAME_FIELD_KINDS, GAME_FIELD_VALUE_MAX_LENGTH, GAME_FIELDS_MAX } from '../game-fields';
import { ContentLanguageQuery, endpoint, Nullable, Strict, StringEnum, Success } from './contract';
import { SlugParams } from './catalogue';
import { Sale } from './promotions';

/*
 * A game as its top-up page shows it (docs/architecture.md, "Games"): any game the back office sells is
 * described by the same data, in the shopper's language.
 */

export const GameFieldKind = StringEnum(GAME_FIELD_KINDS, { description: '`text`, `number` (digits only) or `select` (one of `choices`).' });

/** One value a select field takes, e.g. a server. */
export const GameFieldChoice = Type.Object({
  value: Type.String({ description: 'What is sent in `fields`.' }),
  label: Type.String({ description: 'In the asked language.' }),
});
export type GameFieldChoice = Static<typeof GameFieldChoice>;

/** A field the shopper fills: the first one is the account the top-up credits. */
export const GameField = Type.Object({
  key: Type.String({ description: 'The name of the value in `fields`.' }),
  label: Type.String({ description: 'In the asked language.' }),
  kind: GameFieldKind,
  pattern: Nullable(
    Type.String({ description: 'RE2 syntax, matched against the whole trimmed value (no look-around, no back-references); null: any value.' }),
  ),
  required: Type.Boolean(),
  choices: Type.Optional(Type.Array(GameFieldChoice, { description: 'A select field only.' })),
});
export type GameField = Static<typeof GameField>;

/** What a top-up buys: an amount of the game's currency at a price in each balance currency. */
export const GameDenominationOffer = Type.Object({
  id: Type.Integer({ description: 'What a top-up sends as `topupData.offer_id`.' }),
  name: Type.String({ description: 'In the asked language.' }),
  amount: Type.Integer(),
  unit: Type.String({ description: 'What `amount` counts, in the asked language (diamonds, UC …).' }),
  price_usd: Type.Number(),
  price_rub: Type.Number(),
  sale: Type.Optional(Sale),
});
export type GameDenominationOffer = Static<typeof GameDenominationOffer>;

export const Game = Type.Object(
  {
    slug: Type.String(),
    title: Type.String({ description: 'In the asked language.' }),
    description: Type.String({ description: "In the asked language; '' when there is none." }),
    image_url: Type.String({ description: "'' when the game has no picture." }),
    player_check: Type.Boolean({ description: 'Whether POST /games/{slug}/check-player finds a player by the fields.' }),
    fields: Type.Array(GameField, { description: 'In the order the page shows them; the first is the account credited.' }),
    denominations: Type.Array(GameDenominationOffer, { description: 'The active ones with a price, in the back office’s order.' }),
  },
  {
    examples: [
      {
        slug: 'mobile-legends',
        title: 'Mobile Legends',
        description: "O'yinchi va zona ID bo'yicha olmoslar",
        image_url: '',
        player_check: true,
        fields: [
          { key: 'player_id', label: "O'yinchi ID", kind: 'text', pattern: '^[0-9]{5,12}$', required: true },
          { key: 'zone_id', label: 'Zona ID', kind: 'text', pattern: '^[0-9]{1,5}$', required: true },
        ],
        denominations: [{ id: 41, name: '86 olmos', amount: 86, unit: 'olmos', price_usd: 1.49, price_rub: 118 }],
      },
    ],
  },
);
export type Game = Static<typeof Game>;

/** A shopper's values for a game's fields, by key. */
export const GameFieldValues = Type.Record(Type.String({ pattern: GAME_FIELD_KEY_PATTERN }), Type.String({ maxLength: GAME_FIELD_VALUE_MAX_LENGTH }), {
  maxProperties: GAME_FIELDS_MAX,
  description: "The values of the game's fields by key, each checked against its field (required, kind, pattern, choices); a key the game does not ask for is refused.",
  examples: [{ player_id: '512345678', zone_id: '2001' }],
});
export type GameFieldValues = Static<typeof GameFieldValues>;

export const CheckGamePlayerBody = Strict({ fields: GameFieldValues });
export type CheckGamePlayerBody = Static<typeof CheckGamePlayerBody>;

/** A player not found is an answer the page shows on the field (`error`, for people), not an HTTP error. */
export const GamePlayerCheck = Type.Union([Success({ player_name: Type.String() }), Type.Object({ success: Type.Literal(false), error: Type.String() })], {
  examples: [{ success: true, player_name: 'Player5678' }, { success: false, error: 'Player not found' }],
});
export type GamePlayerCheck = Static<typeof GamePlayerCheck>;

const tag = 'Games';

export const gameEndpoints = {
  bySlug: endpoint({
    method: 'get',
    path: '/games/:slug',
    auth: 'none',
    tag,
    summary: 'A game, its fields and its denominations',
    description: 'In the asked language, answered from memory like the catalogue. 404 for an unknown or inactive game.',
    params: SlugParams,
    query: ContentLanguageQuery,
    response: Game,
    errors: [404],
  }),
  checkPlayer: endpoint({
    method: 'post',
    path: '/games/:slug/check-player',
    auth: 'none',
    tag,
    summary: 'Find a player by the fields',
    description:
      "For a game that offers a player check (`player_check`); 404 for another, or an unknown or inactive game. Malformed fields are 400 VALIDATION_FAILED with `details: [{field: 'fields.<key>', message}]`, the message a key (game_field_required, game_field_pattern_mismatch …). An unknown player is an answer, not an error (200). Anonymous and rate limited per client (429 with Retry-After); 503 while the game does not answer.",
    params: SlugParams,
    body: CheckGamePlayerBody,
    response: GamePlayerCheck,
    errors: [429, 503],
  }),
};
