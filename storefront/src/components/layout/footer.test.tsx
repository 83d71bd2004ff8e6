// @vitest-environment happy-dom
import { paymentsEndpoints } from '@topup/common/api';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { on } from '@topup/common/testing';
import { server } from '../../testing/api';
import { paymentMethods, paymentMethodsWithPaymeAndClick } from '../../testing/data';
import { renderWithProviders } from '../../testing/render';
import { Footer } from './footer';

describe("the footer's ways to pay", () => {
  test('names the cards and SBP a Russian gateway takes, and the balance', async () => {
    server.use(on(paymentsEndpoints.methods).reply(() => paymentMethods()));
    renderWithProviders(<Footer />);
    expect(await screen.findByText('Visa · Mastercard · МИР · СБП · Баланс')).toBeInTheDocument();
  });

  test('names Payme and Click with the Uzbek cards they take when the store takes them', async () => {
    server.use(on(paymentsEndpoints.methods).reply(() => paymentMethodsWithPaymeAndClick()));
    renderWithProviders(<Footer />);
    expect(await screen.findByText('Visa · Mastercard · МИР · СБП · Payme (Uzcard, Humo) · Click (Uzcard, Humo) · Баланс')).toBeInTheDocument();
  });

  test('names only the balance when no gateway is set up', async () => {
    server.use(on(paymentsEndpoints.methods).reply(() => paymentMethods({ methods: ['balance'] })));
    renderWithProviders(<Footer />);
    expect(await screen.findByText('Баланс')).toBeInTheDocument();
    expect(screen.queryByText(/Visa/)).not.toBeInTheDocument();
  });
});
