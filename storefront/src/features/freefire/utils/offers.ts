import type { FreefireOffer } from '@topup/common/api';
import { toAmount } from '../../../lib/currency';
import type { PricedUnit } from '../../../utils/topup-sale';

/** Only active offers with a price in some currency are shown. */
export function visibleOffers(offers: readonly FreefireOffer[] | null | undefined): FreefireOffer[] {
  if (!Array.isArray(offers)) return [];
  return offers.filter((offer) => offer.is_active && (toAmount(offer.price) > 0 || toAmount(offer.price_rub) > 0));
}

/** The offer as a priced unit (`price` is its USD price), for pickSalePrice and checkout's discount. */
export function offerUnit(offer: Pick<FreefireOffer, 'price' | 'price_rub' | 'sale'>): PricedUnit {
  return { price_usd: offer.price, price_rub: offer.price_rub, sale: offer.sale };
}
