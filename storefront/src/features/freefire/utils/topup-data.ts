import type { FreefireOffer, TopupData } from '@topup/common/api';
import type { Currency } from '../../../lib/currency';
import { toAmount } from '../../../lib/currency';
import { buildPlayerIdTopupData } from '../../../utils/player-id-topup-data';

export const FREEFIRE_IMAGE = '/images/freefire.svg';

/**
 * What /checkout receives for a Free Fire top-up: offer_id is the offer's item_id,
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
  return buildPlayerIdTopupData({
    service: 'freefire',
    playerId,
    currency,
    offerId: offer.item_id,
    offerName: offer.name,
    priceUsd: toAmount(offer.price),
    priceRub: toAmount(offer.price_rub),
    imageUrl,
  });
}
