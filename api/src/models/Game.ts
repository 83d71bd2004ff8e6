import type { GameFieldKind } from '@topup/common';
import { BaseModel } from './BaseModel';
import type { RowTranslations } from '../lib/translations';

/** A field of a game as stored: labels in Russian, English and Uzbek in `translations`. */
export interface StoredGameField {
  key: string;
  label: string;
  translations: RowTranslations<'label'>;
  kind: GameFieldKind;
  pattern: string | null;
  required: boolean;
  choices?: Array<{ value: string; label: string; translations: RowTranslations<'label'> }>;
}

/** How a game is priced: by its denominations, or from an amount the shopper enters (Steam). */
export type GamePricing = 'denominations' | 'amount';

/**
 * A game the store tops up (docs/architecture.md, "Games"). Its slug, texts, picture and active flag are
 * those of its catalogue product, so a slug is unique across products and games.
 */
export class Game extends BaseModel {
  static override tableName = 'games';
  static override hasUpdatedAt = true;

  declare id: number;
  declare product_id: number;
  /** The fields a shopper fills, in order; the first is the account credited. */
  declare fields: StoredGameField[];
  /** Whether the storefront offers a Find button, and a top-up checks the account before charging. */
  declare player_check: boolean;
  declare pricing: GamePricing;
  declare created_at: Date;
  declare updated_at: Date;
}
