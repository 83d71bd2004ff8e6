import PublicIcon from '@mui/icons-material/Public';
import { RegionCreate, RegionEdit } from './RegionEdit';
import { RegionList } from './RegionList';
import type { AdminRegion } from './types';

export default {
  list: RegionList,
  create: RegionCreate,
  edit: RegionEdit,
  icon: PublicIcon,
  recordRepresentation: (region: AdminRegion) => `${region.name} (${region.code})`,
};
