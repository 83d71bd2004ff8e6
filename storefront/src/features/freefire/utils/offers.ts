import type { FreefireOffer } from '@topup/common/api';
import { type Currency, pickSalePrice, toAmount } from '../../../lib/currency';

/** Only active offers with a price in some currency are shown. */
export function visibleOffers(offers: readonly FreefireOffer[] | null | undefined): FreefireOffer[] {
  if (!Array.isArray(offers)) return [];
  return offers.filter((offer) => offer.is_active && (toAmount(offer.price) > 0 || toAmount(offer.price_rub) > 0));
}

/** The offer's price in the display currency (`price` is USD); 0 when it has none there. */
export function offerPrice(offer: Pick<FreefireOffer, 'price' | 'price_rub'>, currency: Currency): number {
  return toAmount(currency === 'USD' ? offer.price : offer.price_rub);
}

/** The offer's price after its promotion's sale in the display currency (USD or RUB, as offerPrice). */
export function offerSalePrice(offer: Pick<FreefireOffer, 'price' | 'price_rub' | 'sale'>, currency: Currency): number {
  return pickSalePrice({ price_usd: offer.price, price_rub: offer.price_rub, sale: offer.sale }, currency === 'USD' ? 'USD' : 'RUB').price;
}
