import { useTranslation } from 'react-i18next';
import type { PriceOption } from '@topup/common/api';
import { PagedGrid, TileAmount, TileNote, TilePrice } from '../../../components/ui/paged-grid';
import type { Currency } from '../../../lib/currency';
import { useSalePriceOf } from '../../../lib/payment-methods';
import { SalePrice } from '../../../components/ui/sale-price';
import { useFormat } from '../../../lib/format';
import { optionKey } from '../utils/purchase';

interface OptionGridProps {
  labelId: string;
  options: PriceOption[];
  selectedKey: string | null;
  onSelect: (option: PriceOption) => void;
  page: number;
  onPageChange: (page: number) => void;
  currency: Currency;
  gameCurrency: string;
}

/** Price options as a 3-column grid, 9 per page, with arrows and dots when there is more than one page. */
export function OptionGrid({ labelId, options, selectedKey, onSelect, page, onPageChange, currency, gameCurrency }: OptionGridProps) {
  const { t } = useTranslation();
  const salePriceOf = useSalePriceOf(currency);
  const format = useFormat();
  return (
    <PagedGrid
      labelId={labelId}
      items={options}
      getKey={optionKey}
      isSelected={(option) => optionKey(option) === selectedKey}
      isDisabled={(option) => option.available_count <= 0}
      onSelect={onSelect}
      page={page}
      onPageChange={onPageChange}
      renderItem={(option) => {
        const soldOut = option.available_count <= 0;
        return (
          <>
            <TileAmount amount={format.number(Number(option.game_amount))} unit={format.unit(gameCurrency, Number(option.game_amount)) || undefined} />
            <TilePrice>
              <SalePrice {...salePriceOf(option)} currency={currency} />
            </TilePrice>
            <TileNote danger={soldOut}>
              {soldOut ? t('product.out_of_stock') : t('product.in_stock', { count: option.available_count })}
            </TileNote>
          </>
        );
      }}
    />
  );
}
