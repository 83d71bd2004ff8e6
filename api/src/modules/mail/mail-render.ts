import { formatMinor, type ContentLanguage, type MailKind } from '@topup/common';
import { MAIL_TEXTS, SHARED } from './mail-texts';

/** An order as its mail shows it: what was bought and paid, never a code. */
export interface OrderSummary {
  id: number;
  items: Array<{ label: string; amount: number }>;
  /** What promotions took off the items' list prices (orders.promotion_discount); 0 when none did. */
  promotionDiscount: number;
  /** What a promo code took off after them (orders.discount) and the code, when one did. */
  promoCode: { code: string | null; discount: number } | null;
  total: number;
  currency: string;
  refunds: Array<{ amount: number; currency: string; destination: 'balance' | 'card' }>;
}

/** Everything a mail is written from. */
export interface MailContent {
  kind: MailKind;
  language: ContentLanguage;
  nickname: string;
  /** The absolute link the mail leads to: the order, or the verification or reset page. */
  link: string;
  order?: OrderSummary;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The mail's subject and its two parts, plain text and HTML, saying the same in the mail's language. */
export function renderMail(content: MailContent): RenderedMail {
  const texts = MAIL_TEXTS[content.kind][content.language];
  const shared = SHARED[content.language];
  const values = { orderId: content.order?.id ?? '', nickname: content.nickname };
  const intro = texts.intro.map((line) => fill(line, values));
  const greeting = fill(shared.greeting, values);
  const order = content.order;
  const lines = order
    ? [
        ...order.items.map((item) => ({ label: item.label, value: formatMinor(item.amount, order.currency) })),
        ...(order.promotionDiscount > 0 ? [{ label: shared.promotionDiscount, value: formatMinor(order.promotionDiscount, order.currency) }] : []),
        ...(order.promoCode
          ? [{ label: order.promoCode.code ? fill(shared.promoCodeDiscount, { code: order.promoCode.code }) : shared.discount, value: formatMinor(order.promoCode.discount, order.currency) }]
          : []),
        { label: shared.total, value: formatMinor(order.total, order.currency) },
        ...order.refunds.map((refund) => ({
          label: `${shared.refunded} ${refund.destination === 'card' ? shared.toCard : shared.toBalance}`,
          value: formatMinor(refund.amount, refund.currency),
        })),
      ]
    : [];

  const text = [
    greeting,
    '',
    ...intro,
    ...(order ? ['', `${shared.itemsTitle}:`, ...lines.map((line) => `  ${line.label}: ${line.value}`)] : []),
    '',
    `${texts.action}: ${content.link}`,
    '',
    texts.outro,
    '',
    `— ${shared.signature}`,
  ].join('\n');

  const rows = lines
    .map((line) => `<tr><td style="padding:4px 12px 4px 0">${escapeHtml(line.label)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap">${escapeHtml(line.value)}</td></tr>`)
    .join('');
  const link = escapeHtml(content.link);
  const html = [
    `<!doctype html><html lang="${content.language}"><head><meta charset="utf-8"><title>${escapeHtml(fill(texts.subject, values))}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2328">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...intro.map((line) => `<p>${escapeHtml(line)}</p>`),
    order ? `<h2 style="font-size:16px">${escapeHtml(shared.itemsTitle)}</h2><table style="width:100%;border-collapse:collapse">${rows}</table>` : '',
    `<p style="margin:24px 0"><a href="${link}" style="background:#2563eb;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(texts.action)}</a></p>`,
    `<p style="font-size:13px;color:#57606a">${escapeHtml(shared.linkFallback)}<br><a href="${link}">${link}</a></p>`,
    `<p>${escapeHtml(texts.outro)}</p>`,
    `<p>— ${escapeHtml(shared.signature)}</p>`,
    '</div></body></html>',
  ].join('');

  return { subject: fill(texts.subject, values), text, html };
}
