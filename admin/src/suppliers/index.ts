import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import type { AdminSupplier } from '@topup/common/api';
import { SupplierEdit } from './SupplierEdit';
import { SupplierList } from './SupplierList';

export default {
  list: SupplierList,
  edit: SupplierEdit,
  icon: LocalShippingIcon,
  recordRepresentation: (record: AdminSupplier) => record.name,
};
