import { Create } from 'react-admin';
import { ProductForm } from './ProductForm';
import { useSaveProduct } from './useSaveProduct';

const defaultValues = {
  category: 'gift_card',
  active: true,
  hasGlobalCodes: true,
  hasRegions: false,
  sortOrder: 0,
  regionIds: [],
};

export function ProductCreate() {
  const save = useSaveProduct();
  return (
    <Create title="resources.products.create_title">
      <ProductForm onSubmit={save} defaultValues={defaultValues} />
    </Create>
  );
}
