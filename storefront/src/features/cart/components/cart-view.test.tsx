// @vitest-environment happy-dom
import { ErrorCode } from '@topup/common';
import { cartEndpoints, type CartLine } from '@topup/common/api';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { setCurrency } from '../../../lib/preferences';
import { never, on, refuse } from '@topup/common/testing';
import { server } from '../../../testing/api';
import { cartAnswer, cartLine } from '../../../testing/data';
import { renderWithProviders, textOf } from '../../../testing/render';
import { CartView } from './cart-view';

/** 2 × 120 ₽ ($1.50) and 1 × 300 ₽ ($3.75): 540 ₽, $6.75. */
const GOOGLE = cartLine({ id: 1, quantity: 2 });
const STEAM = cartLine({ id: 2, product_id: 11, product_title: 'Steam Wallet', price_usd: 3.75, price_rub: 300 });

/** The server's cart, which each change updates and answers whole, as the API does. */
function serveCart(initial: CartLine[]) {
  let lines = initial;
  server.use(
    on(cartEndpoints.get).reply(() => cartAnswer(lines)),
    on(cartEndpoints.updateQuantity).reply(({ params, body }) => {
      lines = lines.map((line) => (line.id === Number(params.id) ? { ...line, quantity: body.quantity } : line));
      return { ...cartAnswer(lines), capped: false };
    }),
    on(cartEndpoints.remove).reply(({ params }) => {
      lines = lines.filter((line) => line.id !== Number(params.id));
      return cartAnswer(lines);
    }),
    on(cartEndpoints.clear).reply(() => {
      lines = [];
      return cartAnswer(lines);
    }),
  );
}

function renderCart() {
  return renderWithProviders(<CartView products={undefined} />, { path: '/cart' });
}

const lineOf = (title: string) => screen.getAllByTestId('cart-line').find((line) => line.textContent?.includes(title)) as HTMLElement;
const quantityOf = (title: string) => within(lineOf(title)).getByLabelText('Количество');
const summaryValue = (label: string) => textOf(screen.getByText(label).nextElementSibling as Element);

afterEach(() => setCurrency('RUB'));

describe('the cart page', () => {
  test('shows a skeleton while the cart loads', () => {
    server.use(on(cartEndpoints.get).reply(never));
    renderCart();
    expect(screen.getByLabelText('Загрузка…')).toHaveAttribute('aria-busy', 'true');
  });

  test('a cart that fails to load offers a retry', async () => {
    let calls = 0;
    server.use(on(cartEndpoints.get).reply(() => (++calls === 1 ? refuse(500, ErrorCode.INTERNAL_ERROR) : cartAnswer([GOOGLE]))));
    const { user } = renderCart();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ошибка сервера. Попробуйте позже.');
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByTestId('cart-line')).toHaveTextContent('Google Play');
  });

  test('an empty cart says so and leads to the catalogue', async () => {
    serveCart([]);
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Корзина пуста' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти к товарам' })).toHaveAttribute('href', '/products');
  });

  test('each line has its unit price and subtotal; the summary totals both currencies', async () => {
    serveCart([GOOGLE, STEAM]);
    renderCart();
    await screen.findAllByTestId('cart-line');
    expect(textOf(within(lineOf('Google Play')).getByTestId('cart-line-subtotal'))).toBe('240 ₽');
    expect(within(lineOf('Google Play')).getByText(/^120\s₽ за шт\.$/)).toBeInTheDocument();
    expect(within(lineOf('Google Play')).getByText('Глобальный')).toBeInTheDocument();
    expect(textOf(within(lineOf('Steam Wallet')).getByTestId('cart-line-subtotal'))).toBe('300 ₽');
    expect(screen.getByRole('heading', { name: '3 товара' })).toBeInTheDocument();
    expect(textOf(screen.getByTestId('cart-total'))).toBe('540 ₽');
    expect(summaryValue('Сумма в USD')).toBe('6,75 $');
    expect(screen.getByRole('link', { name: 'Оформить заказ' })).toHaveAttribute('href', '/checkout');
  });

  test('in dollars the lines and the total are in USD, the other subtotal in rubles', async () => {
    setCurrency('USD');
    serveCart([GOOGLE, STEAM]);
    renderCart();
    await screen.findAllByTestId('cart-line');
    expect(textOf(within(lineOf('Google Play')).getByTestId('cart-line-subtotal'))).toBe('3,00 $');
    expect(textOf(screen.getByTestId('cart-total'))).toBe('6,75 $');
    expect(summaryValue('Сумма в RUB')).toBe('540 ₽');
  });

  test('plus and minus change the quantity, the subtotal and the total', async () => {
    serveCart([GOOGLE, STEAM]);
    const { user } = renderCart();
    await screen.findAllByTestId('cart-line');
    await user.click(within(lineOf('Steam Wallet')).getByRole('button', { name: 'Увеличить количество' }));
    expect(quantityOf('Steam Wallet')).toHaveTextContent('2');
    expect(textOf(within(lineOf('Steam Wallet')).getByTestId('cart-line-subtotal'))).toBe('600 ₽');
    expect(textOf(screen.getByTestId('cart-total'))).toBe('840 ₽');

    await user.click(within(lineOf('Google Play')).getByRole('button', { name: 'Уменьшить количество' }));
    expect(quantityOf('Google Play')).toHaveTextContent('1');
    expect(textOf(screen.getByTestId('cart-total'))).toBe('720 ₽');
  });

  test('no more than the codes in stock: plus at the limit warns and asks nothing', async () => {
    serveCart([cartLine({ quantity: 2, available_count: 2 })]);
    const { user } = renderCart();
    await user.click(await screen.findByRole('button', { name: 'Увеличить количество' }));
    expect(await screen.findByText('Достигнуто максимальное доступное количество')).toBeInTheDocument();
    expect(screen.getByLabelText('Количество')).toHaveTextContent('2');
  });

  test('a quantity the server refuses goes back, and a message names the line', async () => {
    serveCart([GOOGLE]);
    server.use(on(cartEndpoints.updateQuantity).reply(() => refuse(409, ErrorCode.OUT_OF_STOCK)));
    const { user } = renderCart();
    await user.click(await screen.findByRole('button', { name: 'Увеличить количество' }));
    expect(
      await screen.findByText('Не удалось изменить количество «Google Play»: оно вернулось к прежнему. На складе осталось недостаточно.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Количество')).toHaveTextContent('2');
    expect(textOf(screen.getByTestId('cart-total'))).toBe('240 ₽');
  });

  test('removing a line drops it and its money; removing the last empties the cart', async () => {
    serveCart([GOOGLE, STEAM]);
    const { user } = renderCart();
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getByRole('button', { name: 'Удалить Google Play из корзины' }));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(textOf(screen.getByTestId('cart-total'))).toBe('300 ₽');

    // At quantity 1 the minus button removes the line too.
    await user.click(within(lineOf('Steam Wallet')).getAllByRole('button', { name: 'Удалить Steam Wallet из корзины' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Корзина пуста' })).toBeInTheDocument();
  });

  test('a removal the server refuses brings the line back, with a message', async () => {
    serveCart([GOOGLE, STEAM]);
    server.use(on(cartEndpoints.remove).reply(() => refuse(404, ErrorCode.NOT_FOUND)));
    const { user } = renderCart();
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getByRole('button', { name: 'Удалить Google Play из корзины' }));
    expect(
      await screen.findByText('Не удалось удалить «Google Play» из корзины: товар вернулся. Товар больше недоступен.'),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('cart-line').map((line) => within(line).getByRole('heading').textContent)).toEqual([
      'Google Play',
      'Steam Wallet',
    ]);
  });

  test('a line short of stock blocks the checkout until it is fixed', async () => {
    serveCart([cartLine({ quantity: 3, available_count: 1 })]);
    const { user } = renderCart();
    expect(await screen.findByText('В наличии только 1 шт.: уменьшите количество, чтобы оформить заказ.')).toBeInTheDocument();
    expect(screen.getByText('Некоторых товаров не хватает на складе. Исправьте количество, чтобы продолжить.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Оформить заказ' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Уменьшить количество' }));
    await user.click(screen.getByRole('button', { name: 'Уменьшить количество' }));
    expect(await screen.findByRole('link', { name: 'Оформить заказ' })).toBeInTheDocument();
  });

  test('clearing asks first, then empties the cart', async () => {
    serveCart([GOOGLE, STEAM]);
    const { user } = renderCart();
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getByRole('button', { name: 'Очистить корзину' }));
    const dialog = screen.getByRole('dialog', { name: 'Очистить корзину?' });
    expect(dialog).toHaveTextContent('Из корзины будут удалены все 3 товара.');
    await user.click(within(dialog).getByRole('button', { name: 'Да, очистить' }));
    expect(await screen.findByRole('heading', { name: 'Корзина пуста' })).toBeInTheDocument();
    expect(await screen.findByText('Корзина очищена.')).toBeInTheDocument();
  });
});
