import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * An order records how it was paid as YooKassa's report does: from the balance, by card or by SBP
 * (before, every gateway payment was recorded as 'card'). Orders already paid by SBP are set right
 * from their payment.
 */
export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE orders
      DROP CONSTRAINT orders_payment_method_valid,
      ADD CONSTRAINT orders_payment_method_valid CHECK (payment_method IN ('balance', 'card', 'sbp'));
    UPDATE orders SET payment_method = 'sbp'
     WHERE payment_method = 'card'
       AND EXISTS (SELECT 1 FROM payments WHERE payments.order_id = orders.id AND payments.method = 'sbp');
    `,
  );
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    UPDATE orders SET payment_method = 'card' WHERE payment_method = 'sbp';
    ALTER TABLE orders
      DROP CONSTRAINT orders_payment_method_valid,
      ADD CONSTRAINT orders_payment_method_valid CHECK (payment_method IN ('balance', 'card'));
    `,
  );
}
