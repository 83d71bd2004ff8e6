import { BackToProducts } from '../../features/catalogue/components/product-view';
import { PubgPage } from '../../features/pubg/components/pubg-page';

export function PubgRoute() {
  return (
    <div className="container page">
      <BackToProducts />
      <PubgPage />
    </div>
  );
}

export { PubgRoute as Component };
