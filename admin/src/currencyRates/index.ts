import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import { CurrencyRateEdit } from './CurrencyRateEdit';
import { CurrencyRateList } from './CurrencyRateList';
import { currencyCode } from './rate';
import type { AdminCurrencyRate } from './types';

export default {
  list: CurrencyRateList,
  edit: CurrencyRateEdit,
  icon: CurrencyExchangeIcon,
  recordRepresentation: (rate: AdminCurrencyRate) => `${currencyCode(rate.from)} → ${currencyCode(rate.to)}`,
};
