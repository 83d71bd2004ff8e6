export const listOrdersQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // Part of an order number; empty lists every order.
    search: { type: 'string', pattern: '^[0-9]*$', maxLength: 19 },
  },
} as const;

export const orderParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  },
} as const;

export interface ListOrdersQuery {
  search?: string;
}

export interface OrderParams {
  id: number;
}
