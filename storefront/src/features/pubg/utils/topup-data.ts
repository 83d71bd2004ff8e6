import type { TopupData } from '@topup/common/api';
import type { Currency } from '../../../lib/currency';
import type { Format } from '../../../lib/format';
import { pubgOfferName } from '../../../utils/pubg-offer-name';
import { buildPlayerIdTopupData } from '../../../utils/player-id-topup-data';
import type { SelectionSummary } from './selection';

export const PUBG_IMAGE = '/images/pubg.svg';

/**
 * What /checkout receives for a PUBG top-up: offer_id -1, offer_name
 * 'PUBG Mobile {total} UC' (written in the shopper's language), prices summed over the chosen packages, one package entry per package bought.
 */
export function buildPubgTopupData({
  summary,
  playerId,
  currency,
  imageUrl = PUBG_IMAGE,
  writeAmount,
}: {
  summary: Pick<SelectionSummary, 'packages' | 'totalUc' | 'totalUsd' | 'totalRub'>;
  playerId: string;
  currency: Currency;
  imageUrl?: string;
  writeAmount: Format['amount'];
}): TopupData {
  return {
    ...buildPlayerIdTopupData({
      service: 'pubg',
      playerId,
      currency,
      offerId: -1,
      offerName: pubgOfferName(summary.totalUc, writeAmount),
      priceUsd: summary.totalUsd,
      priceRub: summary.totalRub,
      imageUrl,
    }),
    packages: summary.packages.map((pkg) => ({ denomination_id: pkg.id, quantity: 1 as const })),
  };
}
