import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import type { AdminPromoCode } from '@topup/common/api';
import { PromoCodeCreate, PromoCodeEdit } from './PromoCodeEdit';
import { PromoCodeList } from './PromoCodeList';

export default {
  list: PromoCodeList,
  create: PromoCodeCreate,
  edit: PromoCodeEdit,
  icon: ConfirmationNumberIcon,
  recordRepresentation: (code: AdminPromoCode) => code.code,
};
