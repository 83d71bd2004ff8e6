import { useTranslation } from 'react-i18next';
import { useCurrency, useFormatMoney } from '../../lib/preferences';
import { PagedGrid, TileAmount, TileNote, TilePrice } from '../ui/paged-grid';
import { SalePrice } from '../ui/sale-price';

interface OfferGridProps<T> {
  /** Id of the heading that names the grid. */
  labelId: string;
  offers: readonly T[];
  getKey: (offer: T) => number;
  /** The chosen offer's key, or null. */
  selectedKey: number | null;
  getName: (offer: T) => string;
  /** The offer's price in the display currency; 0 where it has none, and it cannot be chosen. */
  getPrice: (offer: T) => number;
  /** The offer's price after its promotion's sale, shown with `getPrice` struck through when lower. */
  getSalePrice?: (offer: T) => number;
  onSelect: (offer: T) => void;
  page: number;
  onPageChange: (page: number) => void;
}

/** A game's offers (Free Fire's, any game's denominations) as a paged grid of tiles: each named, with its price or "not available" in the display currency. */
export function OfferGrid<T>({ labelId, offers, getKey, selectedKey, getName, getPrice, getSalePrice, onSelect, page, onPageChange }: OfferGridProps<T>) {
  const { t } = useTranslation();
  const [currency] = useCurrency();
  const formatMoney = useFormatMoney();
  return (
    <PagedGrid<T>
      labelId={labelId}
      items={offers}
      getKey={getKey}
      isSelected={(offer) => getKey(offer) === selectedKey}
      isDisabled={(offer) => getPrice(offer) <= 0}
      onSelect={onSelect}
      page={page}
      onPageChange={onPageChange}
      renderItem={(offer) => {
        const amount = getPrice(offer);
        return (
          <>
            <TileAmount amount={getName(offer)} text />
            {amount > 0 ? (
              <TilePrice>{getSalePrice ? <SalePrice price={getSalePrice(offer)} listPrice={amount} currency={currency} /> : formatMoney(amount, currency)}</TilePrice>
            ) : (
              <TileNote danger>{t('games.unavailable_in_currency', { currency })}</TileNote>
            )}
          </>
        );
      }}
    />
  );
}
