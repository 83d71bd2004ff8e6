import { BackToProducts } from '../../features/catalogue/components/product-view';
import { SteamPage } from '../../features/steam/components/steam-page';

export function SteamRoute() {
  return (
    <div className="container page">
      <BackToProducts />
      <SteamPage />
    </div>
  );
}

export { SteamRoute as Component };
