import PublicIcon from '@mui/icons-material/Public';
import type { AdminRegion } from '@topup/common/api';
import { RegionCreate, RegionEdit } from './RegionEdit';
import { RegionList } from './RegionList';

export default {
  list: RegionList,
  create: RegionCreate,
  edit: RegionEdit,
  icon: PublicIcon,
  recordRepresentation: (region: AdminRegion) => `${region.name} (${region.code})`,
};
