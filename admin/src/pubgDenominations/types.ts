/** A PUBG UC package as the back office reads it (docs/admin-api.md, PUBG). */
export interface PubgDenomination {
  id: number;
  ucAmount: number;
  priceUsd: number;
  priceRub: number;
  active: boolean;
  created: string;
  availableCodes: number;
}
