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

/**
 * The top-up data as label/value rows: known fields only, skipping empty ones, and the login when it
 * merely repeats the player id (Steam sends both).
 */
export function topupDataRows(data: unknown): Array<{ field: TopupDataField; value: string }> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  const record = data as Record<string, unknown>;
  const rows: Array<{ field: TopupDataField; value: string }> = [];
  for (const field of SHOWN_FIELDS) {
    const value = record[field];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'object') continue;
    if (field === 'player_id' && record.login !== undefined && String(record.login) === String(value)) continue;
    rows.push({ field, value: String(value) });
  }
  return rows;
}
