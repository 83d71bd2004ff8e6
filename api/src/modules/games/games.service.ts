import type { Knex } from 'knex';
import { ErrorCode, fromMinor, gameFieldProblems, normalizedFieldValues } from '@topup/common';
import type { ContentLanguage, Game, GameField, GameFieldValues, GamePlayerCheck } from '@topup/common/api';
import { AppError, notFound, validationFailed } from '../../lib/app-error';
import type { RowTranslations } from '../../lib/translations';
import type { StoredGameField } from '../../models';
import type { GameAccount } from '../../providers/game';
import type { PlayerCheckService } from '../topup/player-check.service';
import { gamesDal, type GameOfSlug } from './games.dal';
import { saleField } from '../promotions/promotion-prices';

/** A text in `language`: its translation when not blank, else the Russian one (as `localized()` in SQL). */
const inLanguage = (own: string, translations: RowTranslations<'label'> | undefined, language: ContentLanguage) =>
  (language === 'ru' ? undefined : translations?.[language]?.label?.trim()) || own;

/** A game's fields as its page shows them, labelled in `language`. */
export const fieldsInLanguage = (fields: readonly StoredGameField[], language: ContentLanguage): GameField[] =>
  fields.map((field) => ({
    key: field.key,
    label: inLanguage(field.label, field.translations, language),
    kind: field.kind,
    pattern: field.pattern,
    required: field.required,
    ...(field.kind === 'select'
      ? { choices: (field.choices ?? []).map((choice) => ({ value: choice.value, label: inLanguage(choice.label, choice.translations, language) })) }
      : {}),
  }));

/**
 * The account a shopper named by a game's fields, each value checked against its field (400
 * VALIDATION_FAILED naming `<prefix>.<key>` with a message key), in the game's order of fields.
 */
export function accountOfFields(game: Pick<GameOfSlug, 'slug' | 'fields'>, values: GameFieldValues, prefix: string): GameAccount {
  const problems = gameFieldProblems(game.fields, values);
  if (problems.length > 0) {
    throw validationFailed(
      'The request is not valid',
      problems.map(({ key, problem }) => ({ field: `${prefix}.${key}`, message: problem })),
    );
  }
  const normalized = normalizedFieldValues(game.fields, values);
  return { game: game.slug, fields: Object.entries(normalized).map(([key, value]) => ({ key, value })) };
}

const gameNotFound = () => notFound('Game');

/**
 * Games as shoppers see them (docs/architecture.md, "Games"): a game's page (its fields and
 * denominations in the shopper's language) and the player check by its fields.
 */
export function createGamesService(deps: { db: Knex; players: PlayerCheckService }) {
  const { db, players } = deps;

  /** An active game by slug, or 404. */
  async function activeGame(conn: Knex, slug: string): Promise<GameOfSlug> {
    const game = await gamesDal.gameOfSlug(conn, slug);
    if (!game || !game.active) throw gameNotFound();
    return game;
  }

  return {
    activeGame,

    /** GET /games/:slug: the game, its fields and its denominations with prices, in `language`. */
    async page(language: ContentLanguage, slug: string): Promise<Game> {
      const game = await gamesDal.gamePage(db, slug, language);
      if (!game) throw gameNotFound();
      const offers = await gamesDal.offersOf(db, game.id, language);
      return {
        slug: game.slug,
        title: game.title,
        description: game.description,
        image_url: game.image_url,
        player_check: game.player_check,
        fields: fieldsInLanguage(game.fields, language),
        denominations: offers.map((offer) => ({
          id: offer.item_id ?? offer.id,
          name: offer.name,
          amount: offer.amount,
          unit: offer.unit,
          price_usd: fromMinor(offer.price_usd),
          price_rub: fromMinor(offer.price_rub),
          ...saleField(offer.price_usd, offer.price_rub, offer.sale_terms),
        })),
      };
    },

    /** POST /games/:slug/check-player: found, or not (an answer); 404 for a game without a player check. */
    async checkPlayer(slug: string, values: GameFieldValues): Promise<GamePlayerCheck> {
      const game = await activeGame(db, slug);
      if (!game.player_check) throw new AppError(404, ErrorCode.NOT_FOUND, 'This game has no player check');
      const result = await players.check(accountOfFields(game, values, 'fields'));
      return result.found ? { success: true, player_name: result.nickname } : { success: false, error: 'Player not found' };
    },

    /**
     * The account the specification's own pages name by one id or login (its Find button, its
     * activation), as the game's first field, trimmed: those pages take any non-blank value and let the
     * game answer whether it exists.
     */
    async accountOfSpecGame(slug: 'pubg' | 'freefire', raw: string): Promise<GameAccount> {
      const game = await gamesDal.gameOfSlug(db, slug);
      const key = game?.fields[0]?.key ?? 'player_id';
      return { game: slug, fields: [{ key, value: raw.trim() }] };
    },
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
