/** Largest rate numeric(18, 6) holds: 12 digits before the point. */
export const RATE_PATTERN = '^(0|[1-9][0-9]{0,11})(\\.[0-9]{1,6})?$';

export const refreshParams = {
  type: 'object',
  additionalProperties: false,
  required: ['requestId'],
  properties: { requestId: { type: 'string', format: 'uuid' } },
} as const;

export const updateRateBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    // Units of `to` per unit of `from`, above 0 with at most 6 decimals: "79.5" or 79.5.
    rate: {
      anyOf: [
        { type: 'string', pattern: RATE_PATTERN },
        { type: 'number', exclusiveMinimum: 0, maximum: 999_999_999_999 },
      ],
    },
    autoUpdate: { type: 'boolean' },
  },
} as const;

export const updateSettingsBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    steamCommissionPercent: { type: 'number', minimum: 0, maximum: 100 },
    ratesAutoUpdate: { type: 'boolean' },
    failedCardTopupRefundTo: { type: 'string', enum: ['balance', 'card'] },
  },
} as const;

export interface RefreshParams {
  requestId: string;
}

export interface UpdateRateBody {
  rate?: string | number;
  autoUpdate?: boolean;
}

export interface UpdateSettingsBody {
  steamCommissionPercent?: number;
  ratesAutoUpdate?: boolean;
  failedCardTopupRefundTo?: 'balance' | 'card';
}
