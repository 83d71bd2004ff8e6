import type { Knex } from 'knex';
import type { SupplierKind } from '../../models';
import type { SupplierAccount } from '../../providers/game';
import { suppliersDal } from './suppliers.dal';

/** A name's letters and digits, lower case: "Free Fire" and `free-fire` both read `freefire`. */
const lettersAndDigits = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Imports a supplier's catalogue into its products: new ones added, known ones (by the supplier's id) brought
 * up to date, ones it no longer lists marked unavailable (a denomination's source keeps naming them). A product
 * is matched to the store's game whose title its name starts with (longest title first), else to the game whose
 * slug its name holds, letters and digits alone compared (longest slug first: "PUBG Mobile 60 UC" is `pubg`'s
 * even where the game's title is "UC для PUBG Mobile"), else left unmatched.
 * Resolves to how many products the supplier listed.
 */
export async function syncSupplierCatalogue(db: Knex, supplierId: number, account: SupplierAccount): Promise<number> {
  const listings = await account.products();
  const games = await db('games as g')
    .join('products as p', 'p.id', 'g.product_id')
    .select<Array<{ id: number; title: string; slug: string }>>('g.id', 'p.title', 'p.slug');
  const byTitle = [...games].sort((a, b) => b.title.length - a.title.length);
  const bySlug = [...games].sort((a, b) => b.slug.length - a.slug.length);
  const gameOf = (name: string) =>
    (byTitle.find((game) => name.toLowerCase().startsWith(game.title.toLowerCase())) ??
      bySlug.find((game) => lettersAndDigits(name).includes(lettersAndDigits(game.slug))))?.id ?? null;
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

/**
 * The `supplier-catalogue` job an admin's sync queues: imports the catalogue of that supplier through its
 * account set up in this process. A supplier with none (the sandbox, or settings gone since the sync was
 * asked) fails the job, which the back office shows on the queue dashboard.
 */
export async function runCatalogueSync(db: Knex, accounts: Partial<Record<SupplierKind, SupplierAccount>>, supplierId: number): Promise<number> {
  const supplier = await suppliersDal.find(db, supplierId);
  const account = supplier ? accounts[supplier.kind] : undefined;
  if (!supplier || !account) throw new Error(`Supplier ${supplierId} has no catalogue set up in this process`);
  return syncSupplierCatalogue(db, supplier.id, account);
}
