import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import { Route } from 'react-router-dom';
import type { PubgCode } from '@topup/common/api';
import { PubgDenominationList } from '../pubgDenominations/PubgDenominationList';
import { PubgCodeCreate } from './PubgCodeCreate';
import { PubgCodeEdit } from './PubgCodeEdit';
import { PubgCodeList } from './PubgCodeList';

/** The PUBG tab: codes at /pubgCodes, denominations at /pubgCodes/denominations (one tab, two inner tabs). */
export default {
  list: PubgCodeList,
  create: PubgCodeCreate,
  edit: PubgCodeEdit,
  icon: SportsEsportsIcon,
  recordRepresentation: (record: PubgCode) => record.code,
  children: <Route path="denominations" element={<PubgDenominationList />} />,
};
