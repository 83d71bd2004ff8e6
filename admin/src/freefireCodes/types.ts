/** A Free Fire denomination (offer), with the specification's field names (docs/admin-api.md). */
export interface FreefireDenomination {
  id: number;
  name: string;
  item_id: number;
  /** USD. */
  price: number;
  price_rub: number;
  game_amount: number;
  is_active: boolean;
  created_at: string;
}
