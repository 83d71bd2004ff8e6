import ListAltIcon from '@mui/icons-material/ListAlt';
import { SupplierProductList } from './SupplierProductList';
import { supplierProductName } from './supplierProductName';

export default {
  list: SupplierProductList,
  icon: ListAltIcon,
  recordRepresentation: supplierProductName,
};
