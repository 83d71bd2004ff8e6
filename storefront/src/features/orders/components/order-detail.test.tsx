// @vitest-environment happy-dom
import { ordersEndpoints, type OrderDetail } from '@topup/common/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { on } from '@topup/common/testing';
import { server } from '../../../testing/api';
import { navigatedTo, renderWithProviders } from '../../../testing/render';
import { OrderDetailView } from './order-detail';

type ReceiptItem = OrderDetail['items'][number];

const codeItem: ReceiptItem = {
  id: 1,
  item_type: 'code',
  amount: 240,
  game_amount: 25,
  product: { slug: 'pulse-card', title: 'Pulse Card', image_url: '', activation_instructions: '' },
  topup_data: null,
  unit: 'EUR',
  region: null,
  code: null,
};

function order(overrides: Partial<OrderDetail>): OrderDetail {
  return {
    id: 1042,
    created_at: '2026-11-23T13:26:00.000Z',
    status: 'completed',
    total: 240,
    discount: 0,
    promo_code: null,
    currency: 'rub',
    notices: [],
    payment_method: 'balance',
    returned_to_cart: false,
    delayed: false,
    items: [codeItem],
    payment: null,
    refunds: [],
    ...overrides,
  };
}

function showReceipt(receipt: OrderDetail) {
  server.use(on(ordersEndpoints.get).reply(() => receipt));
  return renderWithProviders(<OrderDetailView id={receipt.id} />, { path: `/orders/${receipt.id}` });
}

describe('a receipt to keep', () => {
  test('prints from the browser, to paper or a PDF', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = showReceipt(order({}));
    await user.click(await screen.findByRole('button', { name: 'Распечатать или сохранить PDF' }));
    expect(print).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});

describe('a receipt with a promo code', () => {
  test('shows the code and its discount above the total paid', async () => {
    showReceipt(order({ total: 216, discount: 24, promo_code: 'SPRING10' }));
    expect(await screen.findByTestId('order-discount')).toHaveTextContent('−24,00 ₽');
    expect(screen.getByText('Промокод SPRING10')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('216,00 ₽');
  });

  test('an order without one has no discount line', async () => {
    showReceipt(order({}));
    await screen.findByTestId('order-total');
    expect(screen.queryByTestId('order-discount')).not.toBeInTheDocument();
  });
});

describe('the codes of an order', () => {
  test('a cancelled order says it has no codes, instead of promising them', async () => {
    showReceipt(order({ status: 'cancelled' }));
    expect(await screen.findByText('Заказ отменён: коды по нему не выдаются, деньги не списаны.')).toBeInTheDocument();
    expect(screen.queryByText('Коды появятся здесь, когда заказ будет выполнен.')).not.toBeInTheDocument();
  });

  test('an order still being delivered promises its codes', async () => {
    showReceipt(order({ status: 'processing' }));
    expect(await screen.findByText('Коды появятся здесь, когда заказ будет выполнен.')).toBeInTheDocument();
  });
});

describe('a Free Fire code on its receipt', () => {
  const freefireCode = (activatedAt: string | null, activatedPlayerId: string | null): ReceiptItem => ({
    ...codeItem,
    id: 2,
    game_amount: 100,
    unit: 'Diamonds',
    product: { slug: 'freefire', title: 'Алмазы Free Fire', image_url: '', activation_instructions: '1. Откройте Free Fire и скопируйте ID игрока из профиля.' },
    code: { code: 'FF-1234-5678', activatedAt, activatedPlayerId },
  });

  test('an activated code says it is used, for which player, even while hidden', async () => {
    showReceipt(order({ items: [freefireCode('2026-11-23T14:00:00.000Z', '4000017')] }));
    const activated = await screen.findByTestId('code-activated');
    expect(activated).toHaveTextContent(/активирован для игрока 4000017/);
    expect(activated).toHaveTextContent(/23 нояб\. 2026/);
  });

  test('its steps are those of the Activate tab, with a link there, not the top-up steps of the product', async () => {
    showReceipt(order({ items: [freefireCode(null, null)] }));
    const steps = await screen.findByTestId('store-activation-steps');
    expect(steps).toHaveTextContent('Введите код Free Fire из вашего заказа.');
    expect(within(steps).getByRole('link', { name: 'Активировать код' })).toHaveAttribute('href', '/products/freefire?tab=activate');
    expect(screen.queryByText(/скопируйте ID игрока из профиля/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('code-activated')).not.toBeInTheDocument();
  });
});

describe('a failed top-up', () => {
  test('"Try again" opens its game page with the account and the packages filled in', async () => {
    const topup: ReceiptItem = {
      ...codeItem,
      item_type: 'topup',
      product: null,
      unit: null,
      game_amount: 720,
      topup_data: { service: 'pubg', player_id: '512345678', offer_id: -1, offer_name: 'PUBG Topup 720 UC', packages: [{ denomination_id: 3, uc_amount: 660 }, { denomination_id: 1, uc_amount: 60 }] },
    };
    const { user } = showReceipt(order({ status: 'failed', items: [topup] }));
    // What was delivered reads package by package, the largest first.
    expect(await screen.findByTestId('receipt-packages')).toHaveTextContent(/^660\sUC \+ 60\sUC$/);
    await user.click(await screen.findByRole('link', { name: 'Попробовать снова' }));
    expect(await navigatedTo()).toEqual({
      path: '/products/pubg',
      state: { topupRetry: { account: '512345678', fields: {}, packageIds: [3, 1], offerId: null, denominationId: null, amount: '', inputCurrency: null } },
    });
  });
});

describe('a Steam top-up', () => {
  const steam = (inputCurrency: string, amount: number, priceRub: number): ReceiptItem => ({
    ...codeItem,
    item_type: 'topup',
    product: null,
    unit: null,
    game_amount: null,
    topup_data: { service: 'steam', login: 'gabe_fan', player_id: 'gabe_fan', offer_id: 0, offer_name: `Steam ${amount} ${inputCurrency.toUpperCase()}`, input_currency: inputCurrency, amount, price_rub: priceRub },
  });

  test("entered in USD or KZT, says the roubles it was paid out as at the order's rate", async () => {
    showReceipt(order({ items: [steam('usd', 10, 790)] }));
    expect((await screen.findByTestId('receipt-payout')).textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe('выплачено как 790,00 ₽ по курсу заказа');
  });

  test('entered in RUB, is paid as it was entered and says nothing more', async () => {
    showReceipt(order({ items: [steam('rub', 1234, 1234)] }));
    expect(await screen.findByText('gabe_fan')).toBeVisible();
    expect(screen.queryByTestId('receipt-payout')).toBeNull();
  });
});
