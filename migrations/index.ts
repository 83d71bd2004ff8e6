import type { Knex } from 'knex';
import pg from 'pg';
import * as usersAndBalances from './migrations/20261121190001_users_and_balances';
import * as ordersAndLedger from './migrations/20261121190002_orders_and_ledger';
import * as catalogue from './migrations/20261121190003_catalogue';
import * as manualCodes from './migrations/20261121190004_manual_codes';
import * as freeFire from './migrations/20261121190005_free_fire';
import * as pubg from './migrations/20261121190006_pubg';
import * as promotionsAndRates from './migrations/20261121190007_promotions_and_rates';
import * as commerce from './migrations/20261121190008_commerce';
import * as operations from './migrations/20261121190009_operations';
import * as sellableStockView from './migrations/20261121200001_sellable_stock_view';
import * as rateUpdateRuns from './migrations/20261121210001_rate_update_runs';
import * as paymentsForEveryOrder from './migrations/20261123100001_payments_for_every_order';
import * as idempotencyKeys from './migrations/20261123100002_idempotency_keys';
import * as sessionsAndTwoFactor from './migrations/20261124120001_sessions_and_two_factor';
import * as checkoutInOneStatement from './migrations/20261125120001_checkout_in_one_statement';
import * as hourlyCodeReveals from './migrations/20261125120002_hourly_code_reveals';
import * as orderEventsAndAttention from './migrations/20261126010001_order_events_and_attention';
import * as supportInbox from './migrations/20261126020001_support_inbox';
import * as activityLogAndCustomerNotes from './migrations/20261126030001_activity_log_and_customer_notes';
import * as rateGuardsAndStockThresholds from './migrations/20261126040001_rate_guards_and_stock_thresholds';
import * as outboxRequestIdAndPruning from './migrations/20261126060001_outbox_request_id_and_pruning';
import * as catalogueTranslations from './migrations/20261127000001_catalogue_translations';
import * as orderNotices from './migrations/20261127030001_order_notices';
import * as ordersCarryTheirIdempotencyKey from './migrations/20261128000001_orders_carry_their_idempotency_key';
import * as ordersPaidBySbp from './migrations/20261128000005_orders_paid_by_sbp';
import * as outboxJobIds from './migrations/20261128000004_outbox_job_ids';
import * as refundsSentOnce from './migrations/20261128000003_refunds_sent_once';
import * as twoStageCardPayments from './migrations/20261128000002_two_stage_card_payments';
import * as everyGameAsData from './migrations/20261129000001_every_game_as_data';
import * as oneCodeStock from './migrations/20261130000001_one_code_stock';
import * as suppliers from './migrations/20261201000001_suppliers';
import * as supplierCatalogueQueue from './migrations/20261202000001_supplier_catalogue_queue';
import * as supportSettings from './migrations/20261202000002_support_settings';
import * as costsMarginsBalances from './migrations/20261205000001_costs_margins_balances';
import * as ordersInUzs from './migrations/20261206000001_orders_in_uzs';
import * as paymeTransactions from './migrations/20261206000002_payme_transactions';
import * as mail from './migrations/20261208000001_mail';
import * as clickTransactions from './migrations/20261209000001_click_transactions';
import * as promoCodes from './migrations/20261210000001_promo_codes';
import * as promotionsThatDiscount from './migrations/20261211000001_promotions_that_discount';
import * as cartLineAddedInOneStatement from './migrations/20261212000001_cart_line_added_in_one_statement';
import * as checkoutInFewerRoundTrips from './migrations/20261212000002_checkout_in_fewer_round_trips';
import * as topupPlacedInOneStatement from './migrations/20261213000001_topup_placed_in_one_statement';
import * as cartLineChecksItsStock from './migrations/20261214000001_cart_line_checks_its_stock';
import * as balanceCheckoutInOneStatement from './migrations/20261214000002_balance_checkout_in_one_statement';
import * as stockReadInIndexOrder from './migrations/20261215000001_stock_read_in_index_order';

export { ensureAdminAccount, type AdminSeedOptions } from './seeds/admin';
export { seedDemoData, type DemoSeedOptions } from './seeds/demo';
export { CURRENCY_RATES } from './seeds/demo-data';

interface NamedMigration {
  name: string;
  migration: Knex.Migration;
}

/**
 * Every migration, in order. Listed explicitly (not a directory scan) because knex's directory
 * loader imports files dynamically, which vitest cannot do for .ts files. A new migration file
 * must be added here. The names are what knex records in knex_migrations: never rename one.
 */
const MIGRATIONS: readonly NamedMigration[] = [
  { name: '20261121190001_users_and_balances', migration: usersAndBalances },
  { name: '20261121190002_orders_and_ledger', migration: ordersAndLedger },
  { name: '20261121190003_catalogue', migration: catalogue },
  { name: '20261121190004_manual_codes', migration: manualCodes },
  { name: '20261121190005_free_fire', migration: freeFire },
  { name: '20261121190006_pubg', migration: pubg },
  { name: '20261121190007_promotions_and_rates', migration: promotionsAndRates },
  { name: '20261121190008_commerce', migration: commerce },
  { name: '20261121190009_operations', migration: operations },
  { name: '20261121200001_sellable_stock_view', migration: sellableStockView },
  { name: '20261121210001_rate_update_runs', migration: rateUpdateRuns },
  { name: '20261123100001_payments_for_every_order', migration: paymentsForEveryOrder },
  { name: '20261123100002_idempotency_keys', migration: idempotencyKeys },
  { name: '20261124120001_sessions_and_two_factor', migration: sessionsAndTwoFactor },
  { name: '20261125120001_checkout_in_one_statement', migration: checkoutInOneStatement },
  { name: '20261125120002_hourly_code_reveals', migration: hourlyCodeReveals },
  { name: '20261126010001_order_events_and_attention', migration: orderEventsAndAttention },
  { name: '20261126020001_support_inbox', migration: supportInbox },
  { name: '20261126030001_activity_log_and_customer_notes', migration: activityLogAndCustomerNotes },
  { name: '20261126040001_rate_guards_and_stock_thresholds', migration: rateGuardsAndStockThresholds },
  { name: '20261126060001_outbox_request_id_and_pruning', migration: outboxRequestIdAndPruning },
  { name: '20261127000001_catalogue_translations', migration: catalogueTranslations },
  { name: '20261127030001_order_notices', migration: orderNotices },
  { name: '20261128000001_orders_carry_their_idempotency_key', migration: ordersCarryTheirIdempotencyKey },
  { name: '20261128000002_two_stage_card_payments', migration: twoStageCardPayments },
  { name: '20261128000003_refunds_sent_once', migration: refundsSentOnce },
  { name: '20261128000004_outbox_job_ids', migration: outboxJobIds },
  { name: '20261128000005_orders_paid_by_sbp', migration: ordersPaidBySbp },
  { name: '20261129000001_every_game_as_data', migration: everyGameAsData },
  { name: '20261130000001_one_code_stock', migration: oneCodeStock },
  { name: '20261201000001_suppliers', migration: suppliers },
  { name: '20261202000001_supplier_catalogue_queue', migration: supplierCatalogueQueue },
  { name: '20261202000002_support_settings', migration: supportSettings },
  { name: '20261205000001_costs_margins_balances', migration: costsMarginsBalances },
  { name: '20261206000001_orders_in_uzs', migration: ordersInUzs },
  { name: '20261206000002_payme_transactions', migration: paymeTransactions },
  { name: '20261208000001_mail', migration: mail },
  { name: '20261209000001_click_transactions', migration: clickTransactions },
  { name: '20261210000001_promo_codes', migration: promoCodes },
  { name: '20261211000001_promotions_that_discount', migration: promotionsThatDiscount },
  { name: '20261212000001_cart_line_added_in_one_statement', migration: cartLineAddedInOneStatement },
  { name: '20261212000002_checkout_in_fewer_round_trips', migration: checkoutInFewerRoundTrips },
  { name: '20261213000001_topup_placed_in_one_statement', migration: topupPlacedInOneStatement },
  { name: '20261214000001_cart_line_checks_its_stock', migration: cartLineChecksItsStock },
  { name: '20261214000002_balance_checkout_in_one_statement', migration: balanceCheckoutInOneStatement },
  { name: '20261215000001_stock_read_in_index_order', migration: stockReadInIndexOrder },
];

export const migrationSource: Knex.MigrationSource<NamedMigration> = {
  getMigrations: async () => [...MIGRATIONS],
  getMigrationName: (entry) => entry.name,
  getMigration: async (entry) => entry.migration,
};

/** Applies every pending migration (each in its own transaction; knex's lock serialises replicas). */
export async function migrateLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

/** Reverts every applied migration, newest first. For tests and development only. */
export async function rollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback({ migrationSource }, true);
}

const DUPLICATE_DATABASE = '42P04';
const UNIQUE_VIOLATION = '23505';

/** Connection string for the `postgres` maintenance database of the server `databaseUrl` points at. */
function maintenanceUrl(databaseUrl: string): { url: string; database: string } {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database) throw new Error(`DATABASE_URL names no database: ${url.protocol}//${url.host}`);
  url.pathname = '/postgres';
  return { url: url.toString(), database };
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withMaintenanceClient<T>(databaseUrl: string, work: (client: pg.Client, database: string) => Promise<T>): Promise<T> {
  const { url, database } = maintenanceUrl(databaseUrl);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client, database);
  } finally {
    await client.end();
  }
}

/**
 * Creates the database `databaseUrl` names when it does not exist yet, connecting to the same
 * server's `postgres` database. Returns true when it created it. Safe when several processes race.
 */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  return withMaintenanceClient(databaseUrl, async (client, database) => {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE ${quoteIdentifier(database)}`);
      return true;
    } catch (err) {
      // Another process created it between the check and the CREATE.
      const code = (err as { code?: string }).code;
      if (code === DUPLICATE_DATABASE || code === UNIQUE_VIOLATION) return false;
      throw err;
    }
  });
}

/**
 * Drops the database `databaseUrl` names, if it exists, closing its other connections first.
 * For throwaway test databases; never called by the application.
 */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  await withMaintenanceClient(databaseUrl, async (client, database) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(database)} WITH (FORCE)`);
  });
}
