import { useLocation } from 'react-router-dom';

/**
 * What a failed or cancelled top-up held, so "Try again" opens its game page filled in: the account
 * (player id, or Steam login), every field of a game described as data, and what was chosen (PUBG's
 * packages, a Free Fire offer, a denomination, Steam's amount and its currency). Handed over as the
 * navigation state `{ topupRetry }`; each game page starts from it.
 */
export interface TopupRetry {
  account: string;
  fields: Record<string, string>;
  packageIds: number[];
  /** A Free Fire offer's item id (the top-up's offer_id), null for another top-up. */
  offerId: number | null;
  denominationId: number | null;
  /** Steam's amount as typed, '' for another top-up. */
  amount: string;
  inputCurrency: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
const positiveId = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

/** The retry of a top-up's stored data (an order item's topup_data); null for none. */
export function topupRetryOf(data: Record<string, unknown> | null | undefined): TopupRetry | null {
  if (!data) return null;
  const fields = typeof data.fields === 'object' && data.fields !== null && !Array.isArray(data.fields) ? (data.fields as Record<string, unknown>) : {};
  const packages = Array.isArray(data.packages) ? (data.packages as unknown[]) : [];
  return {
    account: text(data.service === 'steam' ? (data.login ?? data.player_id) : (data.player_id ?? data.login)),
    fields: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, text(value)])),
    packageIds: packages.flatMap((pkg) => {
      const id = typeof pkg === 'object' && pkg !== null ? positiveId((pkg as { denomination_id?: unknown }).denomination_id) : null;
      return id === null ? [] : [id];
    }),
    offerId: data.service === 'freefire' ? positiveId(data.offer_id) : null,
    denominationId: positiveId(data.denomination_id),
    amount: data.service === 'steam' ? text(data.amount) : '',
    inputCurrency: typeof data.input_currency === 'string' ? data.input_currency : null,
  };
}

/** The top-up "Try again" handed to this page, if it was opened so. */
export function useTopupRetry(): TopupRetry | null {
  const { state } = useLocation();
  const retry = (state as { topupRetry?: TopupRetry } | null)?.topupRetry;
  return retry ?? null;
}
