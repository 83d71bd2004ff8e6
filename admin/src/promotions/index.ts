import CampaignIcon from '@mui/icons-material/Campaign';
import { PromotionCreate, PromotionEdit } from './PromotionEdit';
import { PromotionList } from './PromotionList';
import type { AdminPromotion } from './types';

export default {
  list: PromotionList,
  create: PromotionCreate,
  edit: PromotionEdit,
  icon: CampaignIcon,
  recordRepresentation: (promotion: AdminPromotion) => promotion.text,
};
