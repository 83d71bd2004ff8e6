import type { Currency } from '../../../lib/currency';
import { toAmount } from '../../../lib/currency';
import type { TopupData } from '../../../types/api';
import type { FreefireOffer } from '../api/get-offers';
import { normalizePlayerId } from '../../game-topup/utils/player-check';

export const FREEFIRE_IMAGE = '/images/freefire.svg';

/**
 * What /checkout receives for a Free Fire top-up (spec section 3): offer_id is the offer's item_id,
 * offer_name its name, both prices as listed (the server checks the one of the paying currency),
 * no commission.
 */
export function buildFreefireTopupData({
  offer,
  playerId,
  currency,
  imageUrl = FREEFIRE_IMAGE,
}: {
  offer: Pick<FreefireOffer, 'item_id' | 'name' | 'price' | 'price_rub'>;
  playerId: string;
  currency: Currency;
  imageUrl?: string;
}): TopupData {
  const id = normalizePlayerId(playerId);
  const code = currency === 'USD' ? 'usd' : 'rub';
  return {
    service: 'freefire',
    login: id,
    player_id: id,
    offer_id: offer.item_id,
    offer_name: offer.name,
    price_usd: toAmount(offer.price),
    price_rub: toAmount(offer.price_rub),
    input_currency: code,
    currency: code,
    commission: 0,
    image_url: imageUrl,
  };
}
