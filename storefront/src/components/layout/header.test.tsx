// @vitest-environment happy-dom
import { cartEndpoints } from '@topup/common/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { on } from '@topup/common/testing';
import { server } from '../../testing/api';
import { cartAnswer, cartLine } from '../../testing/data';
import { renderWithProviders } from '../../testing/render';
import { setCurrency } from '../../lib/preferences';
import { Header } from './header';

describe('the header', () => {
  test("keeps the cart and its count beside a phone's menu button", async () => {
    server.use(on(cartEndpoints.get).reply(() => cartAnswer([cartLine({ id: 1, quantity: 2 })])));
    renderWithProviders(<Header />);
    const phoneCart = screen.getByTestId('phone-cart');
    expect(phoneCart).toHaveAttribute('href', '/cart');
    expect(phoneCart).toHaveAccessibleName(/Корзина/);
    await expect.poll(() => within(phoneCart).getByTestId('cart-count').dataset.count).toBe('2');
  });

  test('switches prices to UZS beside RUB and USD, and keeps the choice', async () => {
    const { user } = renderWithProviders(<Header />, { signedIn: false });
    const [switcher] = screen.getAllByRole('group', { name: 'Валюта' });
    expect(within(switcher!).getAllByRole('button').map((button) => button.textContent)).toEqual(['₽RUB', '$USD', 'сўмUZS']);
    await user.click(within(switcher!).getByRole('button', { name: /UZS/ }));
    expect(within(switcher!).getByRole('button', { name: /UZS/ })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('currency')).toBe('UZS');
    setCurrency('RUB');
  });

  test('has no cart for a visitor', () => {
    renderWithProviders(<Header />, { signedIn: false });
    expect(screen.queryByTestId('phone-cart')).not.toBeInTheDocument();
  });
});
