import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { OrderList } from './OrderList';
import { OrderShow } from './OrderShow';
import type { AdminOrder } from '@topup/common/api';

export default {
  list: OrderList,
  show: OrderShow,
  icon: ReceiptLongIcon,
  recordRepresentation: (order: AdminOrder) => `#${order.id}`,
};
