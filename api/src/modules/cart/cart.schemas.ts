import { MAX_INT } from '../../lib/admin-input';

/** The most of one price option a cart line may hold (cart_items_quantity_range). */
export const CART_MAX_QUANTITY = 1000;

export const addToCartBody = {
  type: 'object',
  additionalProperties: false,
  required: ['productId', 'gameAmount', 'priceUsd', 'priceRub', 'quantity'],
  properties: {
    productId: { type: 'integer', minimum: 1, maximum: MAX_INT },
    gameAmount: { type: 'integer', minimum: 1, maximum: MAX_INT },
    // The prices the shopper saw: compared with the stock's, never stored from here.
    priceUsd: { type: 'number', minimum: 0 },
    priceRub: { type: 'number', minimum: 0 },
    // Sent by the storefront for display; the server takes the game currency from the catalogue.
    gameCurrency: { type: 'string', maxLength: 64 },
    quantity: { type: 'integer', minimum: 1, maximum: CART_MAX_QUANTITY },
    // 0 or null: the product's global codes.
    regionId: { type: 'integer', nullable: true, minimum: 0, maximum: MAX_INT },
  },
} as const;

export const updateQuantityBody = {
  type: 'object',
  additionalProperties: false,
  required: ['quantity'],
  properties: {
    quantity: { type: 'integer', minimum: 1, maximum: CART_MAX_QUANTITY },
  },
} as const;

/** Calls that carry nothing still refuse fields, so a client mistake is not silently ignored. */
export const emptyBody = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;

export interface AddToCartBody {
  productId: number;
  gameAmount: number;
  priceUsd: number;
  priceRub: number;
  gameCurrency?: string;
  quantity: number;
  regionId?: number | null;
}

export interface UpdateQuantityBody {
  quantity: number;
}
