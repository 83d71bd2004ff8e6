import { useParams } from 'react-router-dom';
import { useProduct } from '../../features/catalogue/api/get-product';
import { BackToProducts, ProductView } from '../../features/catalogue/components/product-view';
import { GamePage } from '../../features/games/components/game-page';

/**
 * /products/<slug>: a product's page, or, for a game the store describes as data (the catalogue marks
 * it `is_game`), its top-up page. PUBG, Free Fire and Steam have routes of their own.
 */
export function ProductRoute() {
  const { slug = '' } = useParams();
  // The product view asks for the same query: it shows the loading and error states meanwhile.
  const product = useProduct({ slug });
  return (
    <div className="container page">
      <BackToProducts />
      {product.data?.is_game === true ? <GamePage key={slug} slug={slug} /> : <ProductView key={slug} slug={slug} />}
    </div>
  );
}

export { ProductRoute as Component };
