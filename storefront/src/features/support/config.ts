/**
 * The store's support channel in a messenger (the floating button on /support). Operators of another
 * store change it here; the label says which messenger it is.
 */
export const SUPPORT_CHANNEL = {
  url: 'https://t.me/topuparena_support',
  messenger: 'Telegram',
} as const;
