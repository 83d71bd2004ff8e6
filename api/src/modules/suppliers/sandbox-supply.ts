import type { Knex } from 'knex';
import type { Config } from '../../config';
import { conflict } from '../../lib/admin-input';

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

/** Whether a store must refuse simulated goods: production, unless a staging shop allows them (ALLOW_SANDBOX_SUPPLIERS). */
const refusesSandbox = (config: SandboxSupplySettings): boolean => config.env === 'production' && !config.allowSandboxSuppliers;

type SandboxSupplySettings = Pick<Config, 'env' | 'allowSandboxSuppliers'>;

const named = (games: ReadonlyArray<{ slug: string; title: string }>) => games.map((game) => `${game.title} (${game.slug})`).join(', ');

/**
 * Why a production store must not start as it is: top-ups of these games would be simulated, telling a
 * shopper who paid real money "completed" while no account is credited. Null outside production, with
 * ALLOW_SANDBOX_SUPPLIERS=true (a staging shop), or when every game on sale comes from a supplier.
 */
export async function sandboxSupplyProblem(db: Knex, config: SandboxSupplySettings): Promise<string | null> {
  if (!refusesSandbox(config)) return null;
  const games = await sandboxSuppliedGames(db);
  if (games.length === 0) return null;
  return (
    `top-ups of ${named(games)} would be delivered by the sandbox, which credits no game account; ` +
    'take them off sale or give them supplier sources only (in the back office, started once with ALLOW_SANDBOX_SUPPLIERS=true; ' +
    'a game priced from an amount, Steam, falls back to the sandbox until the Sandbox supplier is switched off), ' +
    'or keep ALLOW_SANDBOX_SUPPLIERS=true for a staging shop'
  );
}

/** Checks a back-office write of the catalogue, inside its transaction, before it commits. */
export type SandboxSupplyGuard = (trx: Knex.Transaction) => Promise<void>;

/**
 * A production store started with no game on sale from the sandbox, and the back office keeps it so: a write
 * that would put one on sale (a denomination given the sandbox or the code stock as a source, or activated
 * with one; a game priced from an amount put on sale) is refused with 409 and rolls back.
 */
export function createSandboxSupplyGuard(config: SandboxSupplySettings): SandboxSupplyGuard {
  return async (trx) => {
    if (!refusesSandbox(config)) return;
    const games = await sandboxSuppliedGames(trx);
    if (games.length === 0) return;
    throw conflict(
      `This would put top-ups of ${named(games)} on sale delivered by the sandbox, which credits no game account: ` +
        "give the game's denominations supplier sources only, or keep them inactive",
      { games: games.map((game) => game.slug) },
    );
  };
}
