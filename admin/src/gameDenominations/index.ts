import PaidIcon from '@mui/icons-material/Paid';
import type { AdminGameDenomination } from '@topup/common/api';
import { GameDenominationCreate, GameDenominationEdit } from './GameDenominationPages';

/** A game's denominations. No list of their own: each game's screen lists its own, so the menu shows only Games. */
export default {
  create: GameDenominationCreate,
  edit: GameDenominationEdit,
  icon: PaidIcon,
  recordRepresentation: (record: AdminGameDenomination) => record.name,
};
