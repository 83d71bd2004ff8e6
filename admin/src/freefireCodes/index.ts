import DiamondIcon from '@mui/icons-material/Diamond';
import { FreefireDenominationCreate } from './FreefireDenominationCreate';
import { FreefireDenominationEdit } from './FreefireDenominationEdit';
import { FreefireDenominationList } from './FreefireDenominationList';
import type { FreefireDenomination } from './types';

export default {
  list: FreefireDenominationList,
  create: FreefireDenominationCreate,
  edit: FreefireDenominationEdit,
  icon: DiamondIcon,
  recordRepresentation: (record: FreefireDenomination) => record.name,
};
