/**
 * How a game page names its top-up for checkout, in the shopper's language (navigation state
 * `topupLabels`, beside `topupData`): the game's title and each filled field by its label. A game the
 * store describes as data has no texts of its own in the storefront's locales.
 */
export interface TopupLabels {
  game: string;
  details: Array<{ label: string; value: string }>;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The labels handed over in navigation state, or null when there are none (the specification's games). */
export function readTopupLabels(state: unknown): TopupLabels | null {
  const labels = (state as { topupLabels?: Partial<TopupLabels> } | null)?.topupLabels;
  if (!labels || !isText(labels.game) || !Array.isArray(labels.details)) return null;
  const details = labels.details.filter((entry) => isText(entry?.label) && isText(entry?.value));
  return { game: labels.game, details };
}
