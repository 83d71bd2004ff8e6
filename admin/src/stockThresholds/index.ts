import InventoryIcon from '@mui/icons-material/Inventory2';
import { StockThresholdCreate, StockThresholdEdit } from './StockThresholdEdit';
import { StockThresholdList } from './StockThresholdList';

export default {
  list: StockThresholdList,
  create: StockThresholdCreate,
  edit: StockThresholdEdit,
  icon: InventoryIcon,
};
