import type { Knex } from 'knex';
import { runDdl } from '../sql';

/**
 * What an order tells its shopper becomes codes with parameters (`orders.notices`, a list, money in
 * minor units) instead of English sentences, so every app writes it in its reader's language. The
 * sentences the store used to write are read back into their codes; anything else is kept word for
 * word as a MESSAGE. Timelines are append-only: their past events keep the `reason` they were written with,
 * new ones carry `notices`.
 */

type Notice = { code: string; params: Record<string, unknown> };

const GAMES: Record<string, string> = { 'Free Fire': 'freefire', 'PUBG Mobile': 'pubg', Steam: 'steam' };
const MONEY = String.raw`(-?\d+(?:\.\d{1,2})?) (USD|RUB)`;
const GAME = String.raw`(Free Fire|PUBG Mobile|Steam)`;
const ACCOUNT = String.raw`(?:the Steam login (\S+)|player ID (\S+))`;

const money = (amount: string, currency: string) => ({ amount: Math.round(Number(amount) * 100), currency: currency.toLowerCase() });
const refundTo = (words: string) => (words.includes('card') ? 'card' : 'balance');

/** Each sentence the store wrote, at the start of the text, and the notice it meant. */
const SENTENCES: Array<[RegExp, (match: RegExpExecArray) => Notice]> = [
  ...(
    [
      ['TOPUP_PLAYER_NOT_FOUND', String.raw`${GAME} could not find ${ACCOUNT}\.`],
      ['TOPUP_DECLINED', String.raw`${GAME} declined the top-up for ${ACCOUNT}\.`],
      ['PUBG_OUT_OF_CODES', String.raw`()We ran out of UC codes for your packages\.()()`],
    ] as const
  ).map(([code, cause]): [RegExp, (match: RegExpExecArray) => Notice] => [
    new RegExp(String.raw`^${cause}(?: (\d+) UC were delivered;)?(?: ${MONEY}(?: for the rest)? (is being refunded to your card|has been refunded to your balance)\.)?`),
    (m) => ({
      code,
      params: {
        game: GAMES[m[1] ?? ''] ?? 'pubg',
        account: m[2] ?? m[3] ?? '',
        refund: money(m[5] ?? '0', m[6] ?? 'USD'),
        refundTo: refundTo(m[7] ?? ''),
        deliveredUc: Number(m[4] ?? 0),
      },
    }),
  ]),
  [/^The card payment was declined\.?/, () => ({ code: 'CARD_DECLINED', params: {} })],
  [/^The card payment could not be started\.?/, () => ({ code: 'PAYMENT_NOT_STARTED', params: {} })],
  [/^Payment not received in time\.?/, () => ({ code: 'PAYMENT_EXPIRED', params: {} })],
  [/^The payment arrived after the order had expired; the amount was credited to your balance\.?/, () => ({ code: 'LATE_PAYMENT_CREDITED', params: {} })],
  [/^The order was cancelled by the store\.?/, () => ({ code: 'CANCELLED_BY_STORE', params: {} })],
  [
    new RegExp(String.raw`^The store stopped the delivery of this order and refunded ${MONEY} to your balance\.`),
    (m) => ({ code: 'STORE_STOPPED_DELIVERY', params: { refund: money(m[1]!, m[2]!) } }),
  ],
  [
    new RegExp(String.raw`^The store refunded this order: ${MONEY} (is being returned to your card|was returned to your balance)\.`),
    (m) => ({ code: 'STORE_REFUNDED', params: { refund: money(m[1]!, m[2]!), refundTo: refundTo(m[3]!) } }),
  ],
  [
    new RegExp(String.raw`^The refund to your card could not be made, so ${MONEY} was credited to your balance instead\.`),
    (m) => ({ code: 'CARD_REFUND_TO_BALANCE', params: { refund: money(m[1]!, m[2]!) } }),
  ],
];

/** The same sentences anywhere in a text: where words of the store's own end (an admin's note). */
const ANYWHERE = SENTENCES.map(([pattern]) => new RegExp(` ${pattern.source.slice(1)}`));

/** The notices an old text meant; words that follow a store refund are the admin's note, anything else unknown a MESSAGE. */
export function noticesOf(text: string | null): Notice[] {
  const notices: Notice[] = [];
  let rest = (text ?? '').trim();
  while (rest !== '') {
    const known = SENTENCES.map(([pattern, read]) => ({ match: pattern.exec(rest), read })).find((candidate) => candidate.match);
    if (known?.match) {
      notices.push(known.read(known.match));
      rest = rest.slice(known.match[0].length).trim();
      continue;
    }
    const next = Math.min(...ANYWHERE.map((pattern) => pattern.exec(rest)?.index ?? rest.length));
    const afterRefund = ['STORE_REFUNDED', 'STORE_STOPPED_DELIVERY'].includes(notices.at(-1)?.code ?? '');
    notices.push({ code: afterRefund ? 'STORE_NOTE' : 'MESSAGE', params: { text: rest.slice(0, next).trim() } });
    rest = rest.slice(next).trim();
  }
  return notices;
}

export async function up(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `ALTER TABLE orders ADD COLUMN notices jsonb NOT NULL DEFAULT '[]'
       CONSTRAINT orders_notices_is_list CHECK (jsonb_typeof(notices) = 'array');`,
  );
  const orders: Array<{ id: number; failure_reason: string }> = await knex('orders').whereNotNull('failure_reason').select('id', 'failure_reason');
  for (const order of orders) {
    await knex('orders').where({ id: order.id }).update({ notices: JSON.stringify(noticesOf(order.failure_reason)) });
  }
  await runDdl(knex, 'ALTER TABLE orders DROP COLUMN failure_reason;');
}

export async function down(knex: Knex): Promise<void> {
  await runDdl(
    knex,
    `
    ALTER TABLE orders ADD COLUMN failure_reason text;
    UPDATE orders SET failure_reason = (
      SELECT string_agg(coalesce(notice -> 'params' ->> 'text', notice ->> 'code'), ' ') FROM jsonb_array_elements(notices) AS notice
    ) WHERE notices <> '[]';
    ALTER TABLE orders DROP COLUMN notices;
    `,
  );
}
