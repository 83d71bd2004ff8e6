import { useParams } from 'react-router-dom';
import { BackToProducts, ProductView } from '../../features/catalogue/components/product-view';

export function ProductRoute() {
  const { slug = '' } = useParams();
  return (
    <div className="container page">
      <BackToProducts />
      <ProductView key={slug} slug={slug} />
    </div>
  );
}

export { ProductRoute as Component };
