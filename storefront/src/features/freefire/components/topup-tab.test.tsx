// @vitest-environment happy-dom
import { freefireEndpoints, paymentsEndpoints } from '@topup/common/api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { on } from '@topup/common/testing';
import { setCurrency } from '../../../lib/preferences';
import { server } from '../../../testing/api';
import { FREEFIRE_OFFER, FREEFIRE_TOPUP, paymentMethodsWithPayme } from '../../../testing/data';
import { navigatedTo, renderWithProviders, textOf } from '../../../testing/render';
import { TopupTab } from './topup-tab';

const SALE = { price_usd: 0.74, price_rub: 58.66, discount_percent: 25, discount_uzs: null };

/** The store sells FREEFIRE_OFFER on sale; the game knows one player, 512345678. */
function serveOfferOnSale() {
  server.use(
    on(freefireEndpoints.offers).reply(() => [{ ...FREEFIRE_OFFER, sale: SALE }]),
    on(freefireEndpoints.checkPlayer).reply(({ body }) => (body.playerID === '512345678' ? { success: true, player_name: 'Player5678' } : { success: false, error: 'Player not found' })),
    on(paymentsEndpoints.methods).reply(() => paymentMethodsWithPayme()),
  );
}

const offerTile = () => within(screen.getByRole('group', { name: 'Выберите предложение' })).getByRole('button', { name: /100 алмазов/ });

afterEach(() => setCurrency('RUB'));

test('in sums an offer costs its USD price converted, less its discount, in its tile and in the summary', async () => {
  setCurrency('UZS');
  serveOfferOnSale();
  const { user } = renderWithProviders(<TopupTab />, { path: '/products/freefire' });
  await screen.findByRole('group', { name: 'Выберите предложение' });
  // $0.99 × 12 650 = 12 524 sums, less 25 % (3 131).
  await waitFor(() => expect(textOf(offerTile())).toMatch(/12 524 сум.*9 393 сум −25%/));
  await user.click(offerTile());
  expect(textOf(screen.getByTestId('summary-total'))).toMatch(/12 524 сум.*9 393 сум −25%/);
});

test('an offer on sale goes to checkout with its list prices and its sale, which checkout prices in any currency', async () => {
  serveOfferOnSale();
  const { user } = renderWithProviders(<TopupTab />, { path: '/products/freefire' });
  await screen.findByRole('group', { name: 'Выберите предложение' });
  await user.click(offerTile());
  await user.type(screen.getByLabelText('ID игрока'), '512345678');
  await user.click(screen.getByRole('button', { name: 'Пополнить сейчас' }));
  expect(await navigatedTo()).toEqual({ path: '/checkout', state: { topupData: FREEFIRE_TOPUP, topupSale: [{ price_usd: 0.99, price_rub: 78.21, sale: SALE }] } });
});
