import VideogameAssetIcon from '@mui/icons-material/VideogameAsset';
import type { AdminGame } from '@topup/common/api';
import { GameCreate } from './GameCreate';
import { GameEdit } from './GameEdit';
import { GameList } from './GameList';

export default {
  list: GameList,
  create: GameCreate,
  edit: GameEdit,
  icon: VideogameAssetIcon,
  recordRepresentation: (record: AdminGame) => record.title,
};
