import CampaignIcon from '@mui/icons-material/Campaign';
import type { AdminPromotion } from '@topup/common/api';
import { PromotionCreate, PromotionEdit } from './PromotionEdit';
import { PromotionList } from './PromotionList';

export default {
  list: PromotionList,
  create: PromotionCreate,
  edit: PromotionEdit,
  icon: CampaignIcon,
  recordRepresentation: (promotion: AdminPromotion) => promotion.text,
};
