import type { TopupData } from '@topup/common/api';
import { type Currency, toBalanceCurrency } from '../lib/currency';
import { normalizePlayerId } from './player-check';

/**
 * The part of a player-id game top-up (Free Fire, PUBG) that /checkout reads the same way for every
 * game: the player id is both login and player_id, the paying currency is both the
 * input and the balance currency, no commission.
 */
export function buildPlayerIdTopupData({
  service,
  playerId,
  currency,
  offerId,
  offerName,
  priceUsd,
  priceRub,
  imageUrl,
}: {
  service: 'freefire' | 'pubg';
  playerId: string;
  currency: Currency;
  offerId: number;
  offerName: string;
  priceUsd: number;
  priceRub: number;
  imageUrl: string;
}): TopupData {
  const id = normalizePlayerId(playerId);
  const code = toBalanceCurrency(currency);
  return {
    service,
    login: id,
    player_id: id,
    offer_id: offerId,
    offer_name: offerName,
    price_usd: priceUsd,
    price_rub: priceRub,
    input_currency: code,
    currency: code,
    commission: 0,
    image_url: imageUrl,
  };
}
