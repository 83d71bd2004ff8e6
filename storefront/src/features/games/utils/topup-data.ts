import type { Game, GameDenominationOffer, TopupData } from '@topup/common/api';
import { type Currency, toBalanceCurrency } from '../../../lib/currency';
import type { TopupLabels } from '../../../utils/topup-labels';
import { displayValue, sentValues, type FieldValues } from './fields';

/** The longest player id or login topupData carries (its contract's limit); `fields` holds longer values. */
const ACCOUNT_MAX_LENGTH = 64;

/**
 * What /checkout receives for a game's top-up: the denomination as the offer (`offer_id` its id), the
 * field values as `fields` (the truth), and the first field's value as `player_id` and `login` for the
 * specification's shapes. The prices are the page's; the server prices the top-up itself.
 */
export function buildGameTopupData({
  game,
  denomination,
  values,
  currency,
}: {
  game: Pick<Game, 'slug' | 'image_url' | 'fields'>;
  denomination: GameDenominationOffer;
  values: FieldValues;
  currency: Currency;
}): TopupData {
  const fields = sentValues(game.fields, values);
  const account = fields[game.fields[0]?.key ?? ''] ?? '';
  const code = toBalanceCurrency(currency);
  return {
    service: game.slug,
    offer_id: denomination.id,
    offer_name: denomination.name,
    price_usd: denomination.price_usd,
    price_rub: denomination.price_rub,
    fields,
    ...(account !== '' && account.length <= ACCOUNT_MAX_LENGTH ? { player_id: account, login: account } : {}),
    input_currency: code,
    currency: code,
    commission: 0,
    image_url: game.image_url,
  };
}

/** How checkout names the top-up, in the page's language: the game, and each field filled in. */
export function buildGameTopupLabels({ game, values }: { game: Pick<Game, 'title' | 'fields'>; values: FieldValues }): TopupLabels {
  const sent = sentValues(game.fields, values);
  return {
    game: game.title,
    details: game.fields.flatMap((field) => {
      const value = sent[field.key];
      return value === undefined ? [] : [{ label: field.label, value: displayValue(field, value) }];
    }),
  };
}
