import nodemailer, { type Transporter } from 'nodemailer';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { ordersDal, type OrderItemWithProduct } from '../orders/orders.dal';
import { refundsOfOrder } from '../payments/refunds';
import { mailDal, type MailRow } from './mail.dal';
import { renderMail, type OrderSummary } from './mail-render';

/**
 * The SMTP connection mails leave by, or null where they are only kept (no SMTP_URL outside production).
 * Nodemailer's usage page: `createTransport` takes a connection URL (`smtp://user:pass@host:587`,
 * `smtps://` for TLS from the start) and is made once and reused for every mail.
 */
export function createMailTransport(mail: Config['mail']): Transporter | null {
  return mail.smtpUrl ? nodemailer.createTransport(mail.smtpUrl) : null;
}

/** Kinds whose body holds a link that opens the account: not kept once a server has taken the mail. */
const SECRET_KINDS: ReadonlySet<MailRow['kind']> = new Set(['verify_email', 'reset_password']);

/** What a top-up or a code is called on its line of the receipt, in the mail's language where the catalogue has it. */
function itemLabel(item: OrderItemWithProduct): string {
  const amount = item.game_amount === null ? '' : ` ${item.game_amount}${item.unit ? ` ${item.unit}` : ''}`;
  if (item.product_title !== null) return `${item.product_title}${amount}`;
  const topup = item.topup_data ?? {};
  const title = item.game_title ?? (typeof topup.game_title === 'string' ? topup.game_title : String(topup.service ?? ''));
  const offer = item.offer_name ?? (typeof topup.offer_name === 'string' ? topup.offer_name : '');
  return [title, offer || amount.trim()].filter(Boolean).join(' ');
}

async function orderSummary(db: Knex, mail: MailRow): Promise<OrderSummary | undefined> {
  if (mail.order_id === null || mail.user_id === null) return undefined;
  const order = await ordersDal.findOwn(db, mail.user_id, mail.order_id);
  if (!order) return undefined;
  // Without codes: a code is never written into a mail, only shown on the order's page.
  const [items, refunds] = await Promise.all([
    ordersDal.itemsOf(db, [order.id], { withCodes: false, language: mail.language }),
    refundsOfOrder(db, order.id),
  ]);
  return {
    id: order.id,
    items: items.map((item) => ({ label: itemLabel(item), amount: item.amount })),
    promotionDiscount: order.promotion_discount,
    promoCode: order.discount > 0 ? { code: order.promo_code, discount: order.discount } : null,
    total: order.total,
    currency: order.currency,
    refunds: refunds.filter((refund) => refund.status !== 'failed').map(({ amount, currency, destination }) => ({ amount, currency, destination })),
  };
}

/** The Message-ID of a mail: the same on every attempt, so a copy sent twice is known for one. */
const messageIdOf = (mail: MailRow, from: string) => {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<mail-${mail.id}.${mail.created_at.getTime()}@${domain}>`;
};

/** An SMTP reply of the 5xx class: the server will not take this mail, however often it is sent. */
const refusedForGood = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export interface MailDelivery {
  db: Knex;
  transport: Transporter | null;
  from: string;
  publicUrl: string;
}

/**
 * Sends one queued mail (the `mail` job; docs/architecture.md, "Mail"): written in its language from
 * what it is about now, handed to the SMTP server, and marked sent, so a job run again sends nothing.
 * Without a server it is kept, readable on the back office's Mail tab. A 5xx refusal marks it refused;
 * anything else (4xx, no connection) is thrown for the queue to try again. A mail already settled
 * changes nothing.
 */
export async function deliverMail(deps: MailDelivery, mailId: number): Promise<MailRow['status'] | 'missing'> {
  const { db, transport, from, publicUrl } = deps;
  const mail = await mailDal.find(db, mailId);
  if (!mail) return 'missing';
  if (mail.status !== 'queued') return mail.status;
  const path = mail.order_id === null ? (mail.facts.path ?? '/') : `/orders/${mail.order_id}`;
  const rendered = renderMail({
    kind: mail.kind,
    language: mail.language,
    nickname: (await mailDal.nicknameOf(db, mail.user_id)) ?? '',
    link: new URL(path, publicUrl).toString(),
    order: await orderSummary(db, mail),
  });
  const messageId = messageIdOf(mail, from);
  const written = { subject: rendered.subject, text_body: rendered.text, html_body: rendered.html, message_id: messageId };
  if (!transport) {
    await mailDal.settle(db, mail.id, { status: 'kept', ...written });
    return 'kept';
  }
  try {
    // Nodemailer's message options: `messageId` replaces the generated Message-ID; `text` and `html`
    // become the two alternatives of one multipart/alternative message.
    await transport.sendMail({
      from,
      to: mail.recipient,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      messageId,
      headers: { 'Content-Language': mail.language },
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (!refusedForGood(err)) {
      await mailDal.noteFailure(db, mail.id, reason);
      throw err;
    }
    await mailDal.settle(db, mail.id, { status: 'refused', ...written, last_error: reason });
    return 'refused';
  }
  const secret = SECRET_KINDS.has(mail.kind);
  await mailDal.settle(db, mail.id, {
    status: 'sent',
    ...written,
    ...(secret ? { text_body: '', html_body: '', facts: {} } : {}),
  });
  return 'sent';
}
