import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import type { PubgDenomination } from '@topup/common/api';
import { PubgDenominationCreate } from './PubgDenominationCreate';
import { PubgDenominationEdit } from './PubgDenominationEdit';

/**
 * UC packages. No list of their own: they are listed in the PUBG tab (/pubgCodes/denominations), so
 * the menu keeps the specification's ten tabs.
 */
export default {
  create: PubgDenominationCreate,
  edit: PubgDenominationEdit,
  icon: SportsEsportsIcon,
  recordRepresentation: (record: PubgDenomination) => `${record.ucAmount} UC`,
};
