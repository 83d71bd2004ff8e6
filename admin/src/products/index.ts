import ProductIcon from '@mui/icons-material/Category';
import { ProductCreate } from './ProductCreate';
import { ProductEdit } from './ProductEdit';
import { ProductList } from './ProductList';
import type { AdminProduct } from './types';

export default {
  list: ProductList,
  create: ProductCreate,
  edit: ProductEdit,
  icon: ProductIcon,
  recordRepresentation: (record: AdminProduct) => record.title,
};
