/** An email address as the store keeps it (docs/architecture.md, "Mail"). */

/** RFC 5321's longest forward path, less its angle brackets. */
export const EMAIL_MAX_LENGTH = 254;

/** One `@`, something on each side, a dot in the domain, no spaces: what a shopper mistypes, not RFC 5322 in full. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * The address trimmed, its domain lower-cased (domains are case-insensitive; the local part is the
 * mailbox's own, kept as typed), or null when it is not an address.
 */
export function normaliseEmail(raw: string): string | null {
  const trimmed = raw.trim();
  if (trimmed.length > EMAIL_MAX_LENGTH || !EMAIL_SHAPE.test(trimmed)) return null;
  const at = trimmed.lastIndexOf('@');
  return `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}

/** What a mail is about (docs/architecture.md, "Mail"). */
export const MAIL_KINDS = ['verify_email', 'reset_password', 'order_completed', 'order_failed', 'order_refunded'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** queued: to be sent; sent: an SMTP server took it; kept: stored here only (no SMTP server outside production); refused: refused for good. */
export const MAIL_STATUSES = ['queued', 'sent', 'kept', 'refused'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
