import DiamondIcon from '@mui/icons-material/Diamond';
import type { FreefireDenomination } from '@topup/common/api';
import { FreefireDenominationCreate } from './FreefireDenominationCreate';
import { FreefireDenominationEdit } from './FreefireDenominationEdit';
import { FreefireDenominationList } from './FreefireDenominationList';

export default {
  list: FreefireDenominationList,
  create: FreefireDenominationCreate,
  edit: FreefireDenominationEdit,
  icon: DiamondIcon,
  recordRepresentation: (record: FreefireDenomination) => record.name,
};
