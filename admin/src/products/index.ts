import ProductIcon from '@mui/icons-material/Category';
import type { AdminProduct } from '@topup/common/api';
import { ProductCreate } from './ProductCreate';
import { ProductEdit } from './ProductEdit';
import { ProductList } from './ProductList';

export default {
  list: ProductList,
  create: ProductCreate,
  edit: ProductEdit,
  icon: ProductIcon,
  recordRepresentation: (record: AdminProduct) => record.title,
};
