import { formatMoney } from '../lib/money';

/** The top-up data fields worth showing an admin, in reading order (TopupData in common/src/api/topup.ts). */
const SHOWN_FIELDS = [
  'service',
  'login',
  'player_id',
  'offer_name',
  'amount',
  'input_currency',
  'price_usd',
  'price_rub',
  'commission',
  'currency',
] as const;

export type TopupDataField = (typeof SHOWN_FIELDS)[number];

/** The game of a top-up in the admin's words: "PUBG Mobile" for the slug `pubg`. */
export type GameName = (service: string) => string;

/**
 * The top-up data as label/value rows an admin reads: known fields only, skipping empty ones, and the
 * login when it merely repeats the player id (Steam sends both). The game reads by its name, prices
 * as money ("$5.98", "472,42 ₽"), currencies by their codes, and a PUBG top-up of packages by its UC
 * ("PUBG Mobile 720 UC") rather than the English name the server stored.
 */
export function topupDataRows(data: unknown, gameName: GameName): Array<{ field: TopupDataField; value: string }> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  const record = data as Record<string, unknown>;
  const rows: Array<{ field: TopupDataField; value: string }> = [];
  for (const field of SHOWN_FIELDS) {
    const value = record[field];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    if (field === 'player_id' && record.login !== undefined && String(record.login) === String(value)) continue;
    rows.push({ field, value: shownValue(field, value, record, gameName) });
  }
  return rows;
}

function shownValue(field: TopupDataField, value: string | number | boolean, record: Record<string, unknown>, gameName: GameName): string {
  const text = String(value);
  switch (field) {
    case 'service':
      return typeof record.game_title === 'string' && record.game_title ? record.game_title : gameName(text);
    case 'offer_name': {
      const uc = pubgPackagesUc(record);
      return uc === null ? text : `${gameName('pubg')} ${uc} UC`;
    }
    case 'amount':
      return formatMoney(value, typeof record.input_currency === 'string' ? record.input_currency : '');
    case 'price_usd':
    case 'commission':
      return formatMoney(value, 'USD');
    case 'price_rub':
      return formatMoney(value, 'RUB');
    case 'input_currency':
    case 'currency':
      return text.toUpperCase();
    default:
      return text;
  }
}

/** The UC a PUBG top-up of packages (offer_id -1) delivers, summed over its packages; null for any other. */
function pubgPackagesUc(record: Record<string, unknown>): number | null {
  if (record.service !== 'pubg' || record.offer_id !== -1 || !Array.isArray(record.packages)) return null;
  const amounts = record.packages.map((pkg: unknown) => (typeof pkg === 'object' && pkg !== null ? (pkg as { uc_amount?: unknown }).uc_amount : undefined));
  return amounts.every((amount) => typeof amount === 'number') ? amounts.reduce<number>((sum, amount) => sum + (amount as number), 0) : null;
}
