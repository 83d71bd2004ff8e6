// @vitest-environment happy-dom
import { cartEndpoints } from '@topup/common/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { on } from '@topup/common/testing';
import { server } from '../../testing/api';
import { cartAnswer, cartLine } from '../../testing/data';
import { renderWithProviders } from '../../testing/render';
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

  test('has no cart for a visitor', () => {
    renderWithProviders(<Header />, { signedIn: false });
    expect(screen.queryByTestId('phone-cart')).not.toBeInTheDocument();
  });
});
