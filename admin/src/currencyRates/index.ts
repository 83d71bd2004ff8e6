import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import type { AdminCurrencyRate } from '@topup/common/api';
import { CurrencyRateEdit } from './CurrencyRateEdit';
import { CurrencyRateList } from './CurrencyRateList';
import { currencyCode } from './rate';

export default {
  list: CurrencyRateList,
  edit: CurrencyRateEdit,
  icon: CurrencyExchangeIcon,
  recordRepresentation: (rate: AdminCurrencyRate) => `${currencyCode(rate.from)} → ${currencyCode(rate.to)}`,
};
