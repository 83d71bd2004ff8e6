export const listOrdersQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // Part of an order number; empty lists every order.
    search: { type: 'string', pattern: '^[0-9]*$', maxLength: 19 },
  },
} as const;

export interface ListOrdersQuery {
  search?: string;
}
