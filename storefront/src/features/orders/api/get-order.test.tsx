// @vitest-environment happy-dom
import { cartEndpoints, ordersEndpoints, type CartLine, type OrderDetail } from '@topup/common/api';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { on } from '@topup/common/testing';
import { useCart } from '../../../lib/cart';
import { server } from '../../../testing/api';
import { cartAnswer, cartLine } from '../../../testing/data';
import { renderWithProviders } from '../../../testing/render';
import { useOrder } from './get-order';

/** A card order the gateway declined: cancelled, its lines back in the cart. */
const DECLINED: OrderDetail = {
  id: 1042,
  created_at: '2026-11-23T13:26:00.000Z',
  status: 'cancelled',
  total: 240,
  discount: 0,
  promo_code: null,
  currency: 'rub',
  notices: [],
  payment_method: 'card',
  returned_to_cart: true,
  delayed: false,
  items: [],
  payment: null,
  refunds: [],
};

function CartCount() {
  const cart = useCart();
  return <p data-testid="cart-count">{cart.data ? cart.data.data.length : '…'}</p>;
}

function OrderStatus() {
  const order = useOrder(DECLINED.id);
  return <p data-testid="order-status">{order.data?.status ?? '…'}</p>;
}

/** The header's cart beside a receipt the shopper opens later, as the store draws them. */
function HeaderAndReceipt() {
  const [receiptOpen, setReceiptOpen] = useState(false);
  return (
    <>
      <CartCount />
      <button onClick={() => setReceiptOpen(true)}>receipt</button>
      {receiptOpen && <OrderStatus />}
    </>
  );
}

describe('an order that went back into the cart', () => {
  test('makes the cart read again, so "Go to cart" shows the lines the store put back', async () => {
    let lines: CartLine[] = [];
    server.use(
      on(cartEndpoints.get).reply(() => cartAnswer(lines)),
      on(ordersEndpoints.get).reply(() => DECLINED),
    );
    const { user } = renderWithProviders(<HeaderAndReceipt />);
    // The header read the cart while the payment was still open: empty, and fresh for a while.
    await expect.poll(() => screen.getByTestId('cart-count').textContent).toBe('0');

    // The gateway declines; the store cancels the order and returns its line to the cart.
    lines = [cartLine({ id: 1, quantity: 2 })];
    await user.click(screen.getByRole('button', { name: 'receipt' }));
    await expect.poll(() => screen.getByTestId('order-status').textContent).toBe('cancelled');
    await expect.poll(() => screen.getByTestId('cart-count').textContent).toBe('1');
  });
});
