import Type, { type Static } from 'typebox';
import { BigIdParams, EmptyObject, endpoint, MAX_INT, Nullable, Strict, Success } from './contract';
import { Sale } from './promotions';

/** The most of one price option a cart line may hold (cart_items_quantity_range). */
export const CART_MAX_QUANTITY = 1000;

const Quantity = Type.Integer({ minimum: 1, maximum: CART_MAX_QUANTITY });

/** A cart line; prices are decimals. */
export const CartLine = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  product_title: Type.String(),
  /** '' when the product has no picture. */
  image_url: Type.String(),
  game_amount: Type.Integer(),
  game_currency: Type.String(),
  price_usd: Type.Number(),
  price_rub: Type.Number(),
  quantity: Type.Integer(),
  available_count: Type.Integer({
    description: `Codes of exactly this option on sale now, counted up to ${CART_MAX_QUANTITY} (the most a line holds); 0 when the option is gone.`,
  }),
  region_id: Nullable(Type.Integer({ description: "null: the product's global codes." })),
  sale: Type.Optional(Sale),
});
export type CartLine = Static<typeof CartLine>;

const cartFields = {
  data: Type.Array(CartLine),
  subtotal: Type.Object({ usd: Type.Number(), rub: Type.Number() }, { description: 'Sums of list price times quantity.' }),
  sale_subtotal: Type.Optional(
    Type.Object({ usd: Type.Number(), rub: Type.Number() }, { description: 'Sums of sale price times quantity, while a promotion discounts a line: what checkout charges before a promo code.' }),
  ),
};
/** Every cart call answers with the whole cart, so the client can reconcile its optimistic update. */
export const CartAnswer = Success(cartFields);
export type CartAnswer = Static<typeof CartAnswer>;

const capped = Type.Boolean({ description: 'True when the quantity was lowered to what is in stock.' });

export const AddToCartBody = Strict({
  productId: Type.Integer({ minimum: 1, maximum: MAX_INT }),
  gameAmount: Type.Integer({ minimum: 1, maximum: MAX_INT }),
  priceUsd: Type.Number({ minimum: 0, description: 'The price the shopper saw: compared with the stock, never stored.' }),
  priceRub: Type.Number({ minimum: 0, description: 'The price the shopper saw: compared with the stock, never stored.' }),
  gameCurrency: Type.Optional(Type.String({ maxLength: 64, description: 'Display only; the catalogue decides.' })),
  quantity: Quantity,
  regionId: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: MAX_INT, description: "0 or null: the product's global codes." }))),
});
export type AddToCartBody = Static<typeof AddToCartBody>;

export const UpdateQuantityBody = Strict({ quantity: Quantity });
export type UpdateQuantityBody = Static<typeof UpdateQuantityBody>;

const tag = 'Cart';

export const cartEndpoints = {
  get: endpoint({ method: 'get', path: '/cart', auth: 'user', tag, summary: 'The cart', response: CartAnswer }),
  add: endpoint({
    method: 'post',
    path: '/cart/add',
    auth: 'user',
    tag,
    summary: 'Add a price option to the cart',
    description: 'Adding an option already in the cart raises its quantity. A quantity above the stock is lowered to it (`capped`).',
    body: AddToCartBody,
    response: Success({ ...cartFields, item: CartLine, capped }),
    errors: [404, 409],
  }),
  updateQuantity: endpoint({
    method: 'put',
    path: '/cart/update-quantity/:id',
    auth: 'user',
    tag,
    summary: "Change a line's quantity",
    params: BigIdParams,
    body: UpdateQuantityBody,
    response: Success({ ...cartFields, capped }),
    errors: [404],
  }),
  remove: endpoint({
    method: 'delete',
    path: '/cart/remove/:id',
    auth: 'user',
    tag,
    summary: 'Remove a line',
    params: BigIdParams,
    response: CartAnswer,
    errors: [404],
  }),
  clear: endpoint({ method: 'post', path: '/cart/clear', auth: 'user', tag, summary: 'Empty the cart', body: EmptyObject, response: CartAnswer }),
};
