import type { Knex } from 'knex';
import type { SupplierAccount } from '../../providers/game';

/**
 * Imports a supplier's catalogue into its products: new ones added, known ones (by the supplier's id) brought
 * up to date, ones it no longer lists marked unavailable (a denomination's source keeps naming them). A product
 * is matched to the store's game whose title its name starts with (longest title first), else left unmatched.
 * Resolves to how many products the supplier listed.
 */
export async function syncSupplierCatalogue(db: Knex, supplierId: number, account: SupplierAccount): Promise<number> {
  const listings = await account.products();
  const games = await db('games as g')
    .join('products as p', 'p.id', 'g.product_id')
    .select<Array<{ id: number; title: string }>>('g.id', 'p.title')
    .orderByRaw('length(p.title) DESC');
  const gameOf = (name: string) => games.find((game) => name.toLowerCase().startsWith(game.title.toLowerCase()))?.id ?? null;
  await db.transaction(async (trx) => {
    await trx('supplier_products').where({ supplier_id: supplierId }).update({ available: false, updated_at: trx.fn.now() });
    for (const listing of listings) {
      await trx('supplier_products')
        .insert({
          supplier_id: supplierId,
          external_id: listing.externalId,
          game_id: gameOf(listing.name),
          name: listing.name,
          fields: JSON.stringify(listing.fields),
          cost: listing.cost.amount,
          cost_currency: listing.cost.currency,
          available: listing.available,
        })
        .onConflict(['supplier_id', 'external_id'])
        .merge(['game_id', 'name', 'fields', 'cost', 'cost_currency', 'available', 'updated_at']);
    }
  });
  return listings.length;
}
