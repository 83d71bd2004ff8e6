import type { Knex } from 'knex';
import { convertMinor, type OrderCurrency } from '@topup/common';
import type { ReceiptLine } from '../../providers/payment';

/** YooKassa takes at most 100 items in one receipt (its API reference, receipt.items). */
export const RECEIPT_LINES_MAX = 100;
/** The line that stands for whatever does not fit into the receipt's last item. */
const OTHER_ITEMS = 'Other items of the order';

/** At most `max` lines: the ones past the limit become one line of their total. */
function withinLimit(lines: ReceiptLine[], max: number): ReceiptLine[] {
  if (lines.length <= max) return lines;
  const rest = lines.slice(max - 1).reduce((sum, line) => sum + line.quantity * line.unitAmount, 0);
  return [...lines.slice(0, max - 1), { description: OTHER_ITEMS, quantity: 1, unitAmount: rest }];
}

/**
 * The receipt lines of items sold (each in the charged currency): one line per description and unit
 * price with its quantity, adding up to `total` exactly. Items converted one by one may round to a
 * few kopecks off the charge: one unit of the last line takes the difference, as a line of its own.
 */
export function groupReceiptLines(items: ReadonlyArray<{ description: string; amount: number }>, total: number, max = RECEIPT_LINES_MAX): ReceiptLine[] {
  const lines = new Map<string, ReceiptLine>();
  for (const item of items) {
    const key = JSON.stringify([item.description, item.amount]);
    const line = lines.get(key);
    if (line) line.quantity += 1;
    else lines.set(key, { description: item.description, quantity: 1, unitAmount: item.amount });
  }
  const grouped = [...lines.values()];
  const last = grouped.at(-1);
  const difference = total - grouped.reduce((sum, line) => sum + line.quantity * line.unitAmount, 0);
  if (last && difference !== 0) {
    if (last.quantity === 1) last.unitAmount += difference;
    else {
      last.quantity -= 1;
      grouped.push({ description: last.description, quantity: 1, unitAmount: last.unitAmount + difference });
    }
  }
  return withinLimit(grouped, max);
}

/**
 * The lines of `amount` out of a receipt's lines (a partial refund's receipt): whole units from the
 * first line on while they fit, then one unit of what is left, so the lines add up to `amount` exactly.
 */
export function receiptLinesForPart(lines: readonly ReceiptLine[], amount: number): ReceiptLine[] {
  const part: ReceiptLine[] = [];
  let left = amount;
  for (const line of lines) {
    if (left <= 0) break;
    const whole = Math.min(line.quantity, Math.floor(left / line.unitAmount));
    if (whole > 0) part.push({ ...line, quantity: whole });
    left -= whole * line.unitAmount;
    if (whole < line.quantity && left > 0) {
      part.push({ ...line, quantity: 1, unitAmount: left });
      left = 0;
    }
  }
  return withinLimit(part, RECEIPT_LINES_MAX);
}

/** The fiscal receipt's lines (54-FZ) of an order charged `charge`, each item converted at the order's rate. */
export async function receiptLines(db: Knex, orderId: number, charge: { amount: number; currency: OrderCurrency }, rate: string): Promise<ReceiptLine[]> {
  const items: Array<{ amount: number; description: string; currency: OrderCurrency }> = await db('order_items as i')
    .join('orders as o', 'o.id', 'i.order_id')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .where('i.order_id', orderId)
    .orderBy('i.id')
    .select('i.amount', 'o.currency', db.raw("coalesce(p.title, i.topup_data->>'offer_name', 'Order') as description"));
  const sold = items.map((item) => ({
    description: item.description,
    amount: item.currency === charge.currency ? Number(item.amount) : convertMinor(Number(item.amount), rate),
  }));
  return groupReceiptLines(sold, charge.amount);
}
