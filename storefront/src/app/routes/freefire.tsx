import { BackToProducts } from '../../features/catalogue/components/product-view';
import { FreefirePage } from '../../features/freefire/components/freefire-page';

export function FreefireRoute() {
  return (
    <div className="container page">
      <BackToProducts />
      <FreefirePage />
    </div>
  );
}

export { FreefireRoute as Component };
