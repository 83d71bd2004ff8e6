export interface AdminCurrencyRate {
  id: number;
  /** Lowercase ISO codes: 'usd' → 'rub'. */
  from: string;
  to: string;
  /** Units of `to` per unit of `from`, six decimals: "79.000000". */
  rate: string;
  autoUpdate: boolean;
  updatedAt: string;
}

export interface CurrencySettings {
  steamCommissionPercent: number;
  /** The daily 09:00 update's master switch. */
  ratesAutoUpdate: boolean;
  updatedAt: string | null;
}

export interface RefreshProgress {
  requestId: string;
  status: string;
  updated: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}
