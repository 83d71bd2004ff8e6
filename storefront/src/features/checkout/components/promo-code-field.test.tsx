// @vitest-environment happy-dom
import { ErrorCode } from '@topup/common';
import { balanceEndpoints, cartEndpoints, paymentsEndpoints, promoCodeEndpoints, topupEndpoints, type CreatePaymentBody, type PromoCodeCheckBody } from '@topup/common/api';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { on, refuse } from '@topup/common/testing';
import { setCurrency } from '../../../lib/preferences';
import { server } from '../../../testing/api';
import { balances, cartAnswer, cartLine, paymentMethods, PUBG_TOPUP } from '../../../testing/data';
import { renderWithProviders, textOf } from '../../../testing/render';
import { CheckoutView } from './checkout-view';

/** 2 × 120 ₽ and 1 × 300 ₽: 540 ₽. */
const LINES = [cartLine({ id: 1, quantity: 2 }), cartLine({ id: 2, product_title: 'Steam Wallet', price_usd: 3.75, price_rub: 300 })];

function serve({ rub = 1000 } = {}) {
  const checked: PromoCodeCheckBody[] = [];
  server.use(
    on(cartEndpoints.get).reply(() => cartAnswer(LINES)),
    on(balanceEndpoints.list).reply(() => balances(rub, 0)),
    on(paymentsEndpoints.methods).reply(() => paymentMethods()),
    on(promoCodeEndpoints.check).reply(({ body }) => {
      checked.push(body);
      if (body.code.toUpperCase() === 'SPRING10') return { valid: true, code: 'SPRING10', subtotal: 540, discount: 54, total: 486, currency: body.currency };
      if (body.code.toUpperCase() === 'BIG') return { valid: false, reason: 'min_order', minOrder: 1000, subtotal: 540, discount: 0, total: 540, currency: body.currency };
      return { valid: false, reason: 'not_found', subtotal: 540, discount: 0, total: 540, currency: body.currency };
    }),
  );
  return { checked };
}

const renderCheckout = (state?: unknown) => renderWithProviders(<CheckoutView />, { path: '/checkout', state });
const timeout = { timeout: 15_000 };

afterEach(() => {
  setCurrency('RUB');
  vi.restoreAllMocks();
});

describe('the promo code at checkout', () => {
  test('Apply previews the code: the discount and the new total are shown, and the balance payment sends the code', async () => {
    const { checked } = serve();
    const paid: Array<{ currency: string; promoCode?: string }> = [];
    server.use(
      on(paymentsEndpoints.fromBalance).reply(({ body }) => {
        paid.push(body);
        return { success: true, orderId: 42, status: 'processing', total: 486, discount: 54, currency: 'rub' };
      }),
    );
    const { user } = renderCheckout();
    expect(textOf(await screen.findByTestId('checkout-total'))).toBe('540,00 ₽');
    await user.type(screen.getByLabelText('Промокод'), 'spring10');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    await vi.waitFor(() => expect(textOf(screen.getByTestId('checkout-total'))).toBe('486,00 ₽'), timeout);
    expect(checked).toEqual([{ code: 'spring10', currency: 'rub' }]);
    expect(textOf(screen.getByTestId('checkout-discount'))).toContain('−54,00 ₽');
    expect(screen.getByTestId('promo-code-message')).toHaveTextContent('Код SPRING10 применён: −54,00 ₽');
    expect(screen.getByTestId('checkout-pay')).toHaveTextContent('486,00 ₽');

    await user.click(screen.getByTestId('checkout-pay'));
    await vi.waitFor(() => expect(paid).toEqual([{ currency: 'rub', promoCode: 'SPRING10' }]), timeout);
  });

  test('a refused code says why under the field, and the total stays', async () => {
    serve();
    const { user } = renderCheckout();
    await screen.findByTestId('checkout-total');
    await user.type(screen.getByLabelText('Промокод'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Такого промокода нет.');
    await user.clear(screen.getByLabelText('Промокод'));
    await user.type(screen.getByLabelText('Промокод'), 'big');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Промокод действует на заказы от 1 000,00 ₽.'), timeout);
    expect(textOf(screen.getByTestId('checkout-total'))).toBe('540,00 ₽');
    expect(screen.queryByTestId('checkout-discount')).not.toBeInTheDocument();
  });

  test('a code checkout refuses at payment is said under the field, and the discount is taken off the page', async () => {
    serve();
    server.use(
      on(paymentsEndpoints.fromBalance).reply(() => refuse(422, ErrorCode.PROMO_CODE_INVALID, 'This promo code has been used up.', { reason: 'used_up' })),
    );
    const { user } = renderCheckout();
    await screen.findByTestId('checkout-total');
    await user.type(screen.getByLabelText('Промокод'), 'SPRING10');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    await vi.waitFor(() => expect(textOf(screen.getByTestId('checkout-total'))).toBe('486,00 ₽'), timeout);
    await user.click(screen.getByTestId('checkout-pay'));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Этот промокод уже израсходован.'), timeout);
    expect(textOf(screen.getByTestId('checkout-total'))).toBe('540,00 ₽');
  });

  test('a top-up previews the code against the top-up and sends it with the card payment', async () => {
    const { checked } = serve();
    const started: CreatePaymentBody[] = [];
    server.use(
      on(paymentsEndpoints.create).reply(({ body }) => {
        started.push(body);
        return { pay_url: 'https://pay.example/x', orderId: 7 };
      }),
      on(topupEndpoints.create).reply(() => refuse(500, ErrorCode.INTERNAL_ERROR)),
    );
    vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user } = renderCheckout({ topupData: PUBG_TOPUP });
    await screen.findByTestId('checkout-total');
    await user.type(screen.getByLabelText('Промокод'), 'SPRING10');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    await vi.waitFor(() => expect(checked).toHaveLength(1), timeout);
    expect(checked[0]).toMatchObject({ code: 'SPRING10', currency: 'rub', topupData: { service: 'pubg' } });
    await vi.waitFor(() => expect(screen.getByTestId('checkout-discount')).toBeInTheDocument(), timeout);
    await user.click(screen.getByRole('radio', { name: /Банковская карта/ }));
    await user.click(screen.getByTestId('checkout-pay'));
    await vi.waitFor(() => expect(started).toHaveLength(1), timeout);
    expect(started[0]).toMatchObject({ type: 'topup', currency: 'rub', method: 'card', promoCode: 'SPRING10' });
  });
});
