import type { Knex } from 'knex';
import type { Config } from '../../config';

/**
 * The games on sale whose top-ups the sandbox would deliver, by slug: an active game priced from an amount while
 * the sandbox supplier is active (Steam falls back to it after its suppliers: suppliersDal.sourcesOf), or with an
 * active denomination that lists the sandbox, or the code stock (its codes are redeemed through the sandbox game
 * provider, since no supplier redeems a store's own codes), among its sources.
 */
export async function sandboxSuppliedGames(db: Knex): Promise<Array<{ slug: string; title: string }>> {
  return db('games as g')
    .join('products as p', 'p.id', 'g.product_id')
    .where('p.active', true)
    .where((sold) => {
      void sold
        .where((amount) => {
          void amount.where('g.pricing', 'amount').whereExists(db('suppliers').where({ kind: 'sandbox', active: true }));
        })
        .orWhereExists(
        db('game_denominations as d')
          .join('game_denomination_sources as s', 's.denomination_id', 'd.id')
          .whereRaw('d.game_id = g.id')
          .where('d.active', true)
          .whereIn('s.kind', ['sandbox', 'code_stock']),
      );
    })
    .orderBy('p.slug')
    .select('p.slug', 'p.title');
}

/**
 * Why a production store must not start as it is: top-ups of these games would be simulated, telling a
 * shopper who paid real money "completed" while no account is credited. Null outside production, with
 * ALLOW_SANDBOX_SUPPLIERS=true (a staging shop), or when every game on sale comes from a supplier.
 */
export async function sandboxSupplyProblem(db: Knex, config: Pick<Config, 'env' | 'allowSandboxSuppliers'>): Promise<string | null> {
  if (config.env !== 'production' || config.allowSandboxSuppliers) return null;
  const games = await sandboxSuppliedGames(db);
  if (games.length === 0) return null;
  const named = games.map((game) => `${game.title} (${game.slug})`).join(', ');
  return (
    `top-ups of ${named} would be delivered by the sandbox, which credits no game account; ` +
    'take them off sale or give them supplier sources only (in the back office, started once with ALLOW_SANDBOX_SUPPLIERS=true; ' +
    'a game priced from an amount, Steam, falls back to the sandbox until the Sandbox supplier is switched off), ' +
    'or keep ALLOW_SANDBOX_SUPPLIERS=true for a staging shop'
  );
}
