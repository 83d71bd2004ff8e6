// @vitest-environment happy-dom
import { ErrorCode } from '@topup/common';
import { balanceEndpoints, cartEndpoints, paymentsEndpoints, topupEndpoints, type CreatePaymentBody } from '@topup/common/api';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setCurrency } from '../../../lib/preferences';
import { never, on, refuse } from '@topup/common/testing';
import { server } from '../../../testing/api';
import { balances, cartAnswer, cartLine, FREEFIRE_OFFER, FREEFIRE_TOPUP, MOBILE_LEGENDS_TOPUP, paymentMethods, paymentMethodsWithPayme, paymentMethodsWithPaymeAndClick, PUBG_TOPUP } from '../../../testing/data';
import { navigatedTo, renderWithProviders, textOf } from '../../../testing/render';
import { topupSaleState } from '../../../utils/topup-sale';
import { CheckoutView } from './checkout-view';

/** Two lines: 2 × 120 ₽ and 1 × 300 ₽ (2 × $1.50 and 1 × $3.75): 540 ₽ or $6.75. */
const LINES = [cartLine({ id: 1, quantity: 2 }), cartLine({ id: 2, product_title: 'Steam Wallet', price_usd: 3.75, price_rub: 300 })];

function serve({ lines = LINES, rub = 1000, usd = 0, methods = paymentMethods() } = {}) {
  server.use(
    on(cartEndpoints.get).reply(() => cartAnswer(lines)),
    on(balanceEndpoints.list).reply(() => balances(rub, usd)),
    on(paymentsEndpoints.methods).reply(() => methods),
  );
}

function renderCheckout(state?: unknown) {
  return renderWithProviders(<CheckoutView />, { path: '/checkout', state });
}

/** The gateway starts each payment at `payUrl`; the browser's trip there is recorded, not made. */
function serveGateway(payUrl: string) {
  const started: CreatePaymentBody[] = [];
  server.use(
    on(paymentsEndpoints.create).reply(({ body }) => {
      started.push(body);
      return { pay_url: payUrl, orderId: 77 };
    }),
  );
  const toGateway = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  return { started, toGateway };
}

const payButton = () => screen.getByTestId('checkout-pay');
const method = (name: RegExp) => screen.getByRole('radio', { name });

afterEach(() => {
  setCurrency('RUB');
  vi.restoreAllMocks();
});

describe('paying in sums', () => {
  test('prices the cart in whole sums from USD, offers Payme and not the balance, and sends the order to Payme', async () => {
    serve({ methods: paymentMethodsWithPayme() });
    const { started, toGateway } = serveGateway('https://checkout.paycom.uz/bT0xO2E9MQ==');
    const { user } = renderCheckout();
    await user.click(await screen.findByRole('radio', { name: /UZS/ }));
    // 2 × $1.50 = 2 × 18 975 and 1 × $3.75 = 47 437.5 -> 47 438 sums at 12 650.
    await waitFor(() => expect(textOf(screen.getByTestId('checkout-total'))).toBe('85 388 сум'));
    expect(method(/Баланс магазина/)).toBeDisabled();
    expect(screen.getByText('Баланс хранится в USD и RUB: заказ в сумах оплачивается через Payme, Click или картой.')).toBeInTheDocument();
    expect(method(/Банковская карта/)).toBeDisabled();
    expect(method(/^Payme/)).toBeChecked();
    expect(payButton()).toHaveTextContent('Оплатить 85 388 сум через Payme');

    await user.click(payButton());
    await waitFor(() => expect(toGateway).toHaveBeenCalledWith('https://checkout.paycom.uz/bT0xO2E9MQ=='));
    expect(started).toEqual([{ type: 'order', amount: 85_388, currency: 'uzs', method: 'payme' }]);
  });

  test("offers Click beside Payme for sums, in the shopper's language, and sends the order to Click's page", async () => {
    serve({ methods: paymentMethodsWithPaymeAndClick() });
    const clickPage = 'https://my.click.uz/services/pay?service_id=1&merchant_id=2&amount=85388.00&transaction_param=7';
    const { started, toGateway } = serveGateway(clickPage);
    const { user } = renderCheckout();
    await user.click(await screen.findByRole('radio', { name: /UZS/ }));
    await waitFor(() => expect(textOf(screen.getByTestId('checkout-total'))).toBe('85 388 сум'));
    expect(method(/^Payme/)).toBeChecked();
    expect(screen.getByText('Uzcard, Humo или приложение Click на платёжной странице Click.')).toBeInTheDocument();
    await user.click(method(/^Click/));
    expect(payButton()).toHaveTextContent('Оплатить 85 388 сум через Click');
    expect(screen.getByText('Вы перейдёте в Click для оплаты, затем вернётесь к заказу.')).toBeInTheDocument();

    await user.click(payButton());
    await waitFor(() => expect(toGateway).toHaveBeenCalledWith(clickPage));
    expect(started).toEqual([{ type: 'order', amount: 85_388, currency: 'uzs', method: 'click' }]);
  });

  test('a top-up in sums is its USD price converted once', async () => {
    setCurrency('UZS');
    serve({ methods: paymentMethodsWithPayme() });
    const { started } = serveGateway('https://checkout.paycom.uz/x');
    const { user } = renderCheckout({ topupData: PUBG_TOPUP });
    // $5.98 × 12 650 = 75 647 sums.
    await waitFor(() => expect(textOf(screen.getByTestId('checkout-total'))).toBe('75 647 сум'));
    await user.click(payButton());
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toMatchObject({ type: 'topup', currency: 'uzs', method: 'payme', topupData: { currency: 'uzs', price_usd: PUBG_TOPUP.price_usd } });
  });
});

describe('checkout of the cart', () => {
  test('shows a skeleton while the cart loads', () => {
    server.use(on(cartEndpoints.get).reply(never), on(balanceEndpoints.list).reply(never), on(paymentsEndpoints.methods).reply(never));
    renderCheckout();
    expect(screen.getByLabelText('Загрузка…')).toHaveAttribute('aria-busy', 'true');
  });

  test('a cart that fails to load says so and loads again on retry', async () => {
    let calls = 0;
    server.use(
      on(cartEndpoints.get).reply(() => (++calls === 1 ? refuse(404, ErrorCode.NOT_FOUND) : cartAnswer(LINES))),
      on(balanceEndpoints.list).reply(() => balances(1000)),
      on(paymentsEndpoints.methods).reply(() => paymentMethods()),
    );
    const { user } = renderCheckout();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить корзину.');
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(textOf(await screen.findByTestId('checkout-total'))).toBe('540,00 ₽');
  });

  test('an empty cart has nothing to pay and leads to the catalogue', async () => {
    serve({ lines: [] });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Нечего оплачивать' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти к товарам' })).toHaveAttribute('href', '/products');
    expect(screen.queryByTestId('checkout-pay')).not.toBeInTheDocument();
  });

  test('lists the lines and the total in the chosen currency, and the balance in it', async () => {
    serve({ rub: 1000, usd: 20 });
    const { user } = renderCheckout();
    expect(textOf(await screen.findByTestId('checkout-total'))).toBe('540,00 ₽');
    expect(screen.getByText('Steam Wallet')).toBeInTheDocument();
    expect(textOf(await screen.findByTestId('checkout-balance'))).toBe('1 000,00 ₽');

    await user.click(screen.getByRole('radio', { name: /USD/ }));
    expect(textOf(screen.getByTestId('checkout-total'))).toBe('6,75 $');
    expect(textOf(screen.getByTestId('checkout-balance'))).toBe('20,00 $');
  });

  test('pays from the balance once, with an idempotency key, and opens the orders', async () => {
    serve();
    const paid: Array<{ currency: string; key: string | null }> = [];
    server.use(
      on(paymentsEndpoints.fromBalance).reply(({ body, request }) => {
        paid.push({ currency: body.currency, key: request.headers.get('Idempotency-Key') });
        return { success: true, orderId: 42, status: 'processing', total: 540, discount: 0, currency: 'rub' };
      }),
    );
    const { user } = renderCheckout();
    await screen.findByTestId('checkout-balance');
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(payButton()).toHaveTextContent('Оплатить 540,00 ₽');
    expect(screen.getByText('Сумма сразу спишется с баланса. Заказ появится в разделе «Заказы».')).toBeInTheDocument();

    await user.click(payButton());
    expect((await navigatedTo()).path).toBe('/orders');
    expect(await screen.findByText('Заказ №42 оплачен. Уже готовим его.')).toBeInTheDocument();
    expect(paid).toEqual([{ currency: 'rub', key: expect.stringMatching(/\S/) }]);
  });

  test('a balance short of the total starts with the card, ready to pay; the balance, chosen, says what is missing', async () => {
    serve({ rub: 100 });
    const { user } = renderCheckout();
    await waitFor(() => expect(method(/Банковская карта/)).toBeChecked());
    expect(payButton()).toBeEnabled();
    expect(payButton()).toHaveTextContent('Оплатить картой 540,00 ₽');

    await user.click(method(/Баланс магазина/));
    expect(await screen.findByText(/Нужно 540,00\s₽, а на балансе 100,00\s₽\. Пополните баланс или оплатите картой\./)).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
  });

  test('an empty balance with no gateway method to take over keeps the balance and says what is missing', async () => {
    serve({ rub: 0, methods: paymentMethods({ methods: ['balance'] }) });
    renderCheckout();
    expect(await screen.findByText(/Нужно 540,00\s₽, а на балансе 0,00\s₽\./)).toBeInTheDocument();
    expect(method(/Баланс магазина/)).toBeChecked();
    expect(payButton()).toBeDisabled();
  });

  test("the server's shortfall is shown with its amounts", async () => {
    serve();
    server.use(
      on(paymentsEndpoints.fromBalance).reply(() =>
        refuse(409, ErrorCode.INSUFFICIENT_BALANCE, 'Insufficient balance', { required: 540, available: 500, currency: 'rub' }),
      ),
    );
    const { user } = renderCheckout();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent(/Нужно 540,00\s₽, а на балансе 500,00\s₽\./);
    expect(screen.getByTestId('checkout-error')).toHaveAttribute('role', 'alert');
  });

  test('a payment still running asks once more with its key after 2 s, then for patience, pointing to the orders', async () => {
    serve();
    const keys: Array<string | null> = [];
    server.use(
      on(paymentsEndpoints.fromBalance).reply(({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return refuse(409, ErrorCode.IDEMPOTENCY_KEY_IN_USE);
      }),
    );
    const { user } = renderCheckout();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    const notice = await screen.findByRole('status', {}, { timeout: 5000 });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(notice).toHaveTextContent('Платёж ещё обрабатывается. Загляните в заказы чуть позже, прежде чем платить снова.');
    expect(within(notice).getByRole('link', { name: 'Мои заказы' })).toHaveAttribute('href', '/orders');
  });

  test('pays by card on the gateway page, with the receipt email the gateway asks for', async () => {
    serve({ methods: paymentMethods({ receipt_email_required: true }) });
    const { started, toGateway } = serveGateway('https://pay.example/checkout/77');
    const { user } = renderCheckout();
    await waitFor(() => expect(method(/Банковская карта/)).toBeEnabled());
    await user.click(method(/Банковская карта/));
    expect(payButton()).toHaveTextContent('Оплатить картой 540,00 ₽');

    await user.click(payButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Введите корректный адрес почты, например name@example.com.');
    expect(started).toEqual([]);

    await user.click(screen.getByLabelText('Почта для чека'));
    await user.paste('buyer@example.com');
    await user.click(payButton());
    await waitFor(() => expect(toGateway).toHaveBeenCalledWith('https://pay.example/checkout/77'));
    expect(started).toEqual([{ type: 'order', amount: 540, currency: 'rub', method: 'card', email: 'buyer@example.com' }]);
    expect(payButton()).toHaveTextContent('Открываем страницу оплаты…');
    expect(payButton()).toBeDisabled();
  });

  test('a USD order by card shows the rubles the gateway will charge', async () => {
    serve({ methods: paymentMethods({ charge_currency: 'rub', rate_usd_rub: '80' }) });
    const { user } = renderCheckout();
    await user.click(await screen.findByRole('radio', { name: /USD/ }));
    await waitFor(() => expect(method(/Банковская карта/)).toBeEnabled());
    await user.click(method(/Банковская карта/));
    expect(textOf(screen.getByTestId('checkout-charged'))).toMatch(/^К списанию: 540,00 ₽/);
    expect(payButton()).toHaveTextContent(/Оплатить картой 540,00\s₽/);
  });

  test('a cart total changed in another tab asks to check the new one', async () => {
    serve();
    server.use(on(paymentsEndpoints.create).reply(() => refuse(409, ErrorCode.PRICE_CHANGED, 'Price changed', { amount: 600, currency: 'rub' })));
    const { user } = renderCheckout();
    await waitFor(() => expect(method(/Банковская карта/)).toBeEnabled());
    await user.click(method(/Банковская карта/));
    await user.click(payButton());
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent(
      'Сумма корзины изменилась. Проверьте новую сумму и попробуйте ещё раз.',
    );
  });

  test('pays by SBP when the gateway takes it', async () => {
    serve();
    const { started, toGateway } = serveGateway('https://pay.example/sbp/78');
    const { user } = renderCheckout();
    await waitFor(() => expect(method(/Быстрые платежи/)).toBeEnabled());
    await user.click(method(/Быстрые платежи/));
    expect(screen.getByText(/подтвердите платёж в приложении банка/)).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Оплатить через СБП 540,00 ₽');
    await user.click(payButton());
    await waitFor(() => expect(toGateway).toHaveBeenCalledWith('https://pay.example/sbp/78'));
    expect(started).toEqual([{ type: 'order', amount: 540, currency: 'rub', method: 'sbp' }]);
  });

  test('SBP the gateway does not take reads "coming soon" and cannot be chosen', async () => {
    serve({ methods: paymentMethods({ methods: ['balance', 'card'] }) });
    renderCheckout();
    await waitFor(() => expect(method(/Банковская карта/)).toBeEnabled());
    expect(screen.getByTestId('method-sbp')).toHaveTextContent('Скоро');
    expect(method(/Быстрые платежи/)).toBeDisabled();
  });

  test('without the gateway methods the card and SBP are unavailable, the balance still pays', async () => {
    serve();
    server.use(on(paymentsEndpoints.methods).reply(() => refuse(503, ErrorCode.SERVICE_UNAVAILABLE)));
    renderCheckout();
    await waitFor(() => expect(screen.getByTestId('method-card')).toHaveAttribute('data-state', 'unavailable'));
    expect(screen.getByTestId('method-card')).toHaveTextContent('Сейчас недоступно. Выберите другой способ.');
    expect(method(/Банковская карта/)).toBeDisabled();
    expect(method(/Быстрые платежи/)).toBeDisabled();
    expect(method(/Баланс магазина/)).toBeChecked();
    await waitFor(() => expect(payButton()).toBeEnabled());
  });
});

describe('checkout of a game top-up', () => {
  test('pays the top-up handed over by the game page from the balance, without reading the cart', async () => {
    server.use(on(balanceEndpoints.list).reply(() => balances(1000)), on(paymentsEndpoints.methods).reply(() => paymentMethods()));
    const ordered: unknown[] = [];
    server.use(
      on(topupEndpoints.create).reply(({ body }) => {
        ordered.push(body);
        return { success: true, orderId: 43, status: 'processing' };
      }),
    );
    const { user } = renderCheckout({ topupData: PUBG_TOPUP });
    expect(await screen.findByText('PUBG Mobile 385 UC')).toBeInTheDocument();
    expect(screen.getByText('PUBG Mobile · ID игрока: 512345678')).toBeInTheDocument();
    expect(textOf(screen.getByTestId('checkout-total'))).toBe('480,00 ₽');
    expect(screen.getByRole('link', { name: 'Вернуться к товарам' })).toHaveAttribute('href', '/products');

    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect((await navigatedTo()).path).toBe('/orders');
    expect(ordered).toEqual([{ topupData: { ...PUBG_TOPUP, currency: 'rub' }, currency: 'rub' }]);
  });

  test('a game described as data is named as its page named it, and its fields are sent with the top-up', async () => {
    server.use(on(balanceEndpoints.list).reply(() => balances(1000)), on(paymentsEndpoints.methods).reply(() => paymentMethods()));
    const ordered: unknown[] = [];
    server.use(
      on(topupEndpoints.create).reply(({ body }) => {
        ordered.push(body);
        return { success: true, orderId: 44, status: 'processing' };
      }),
    );
    const topupLabels = { game: 'Mobile Legends', details: [{ label: 'ID игрока', value: '512345678' }, { label: 'Зона', value: '2001' }] };
    const { user } = renderCheckout({ topupData: MOBILE_LEGENDS_TOPUP, topupLabels });
    expect(await screen.findByText('86 алмазов')).toBeInTheDocument();
    expect(screen.getByText('Mobile Legends · ID игрока: 512345678 · Зона: 2001')).toBeInTheDocument();
    expect(textOf(screen.getByTestId('checkout-total'))).toBe('120,40 ₽');

    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect((await navigatedTo()).path).toBe('/orders');
    expect(ordered).toEqual([{ topupData: MOBILE_LEGENDS_TOPUP, currency: 'rub' }]);
  });

  test('an account the game does not know is said in the shopper’s words', async () => {
    server.use(
      on(balanceEndpoints.list).reply(() => balances(1000)),
      on(paymentsEndpoints.methods).reply(() => paymentMethods()),
      on(topupEndpoints.create).reply(() => refuse(422, ErrorCode.UNPROCESSABLE, 'Player not found', { field: 'fields.player_id' })),
    );
    const { user } = renderCheckout({ topupData: MOBILE_LEGENDS_TOPUP });
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent('ID игрока или логин не найден. Проверьте его на странице игры.');
  });
});

describe('a top-up on sale', () => {
  /** Checkout shows `price` as the sale price (`list` struck through) in the total and on the pay button. */
  async function expectSalePrice(user: UserEvent, currency: RegExp, list: string, price: string) {
    await user.click(await screen.findByRole('radio', { name: currency }));
    await waitFor(() => expect(textOf(within(screen.getByTestId('checkout-total')).getByTestId('sale-price'))).toBe(price));
    expect(textOf(screen.getByTestId('checkout-total'))).toContain(list);
    expect(textOf(payButton())).toContain(price);
  }

  test('PUBG packages chosen on a page in roubles cost their sale price at checkout in roubles, dollars and sums', async () => {
    serve({ methods: paymentMethodsWithPayme() });
    const { started } = serveGateway('https://checkout.paycom.uz/x');
    const sale = { price_usd: 0.89, price_rub: 72, discount_percent: 10, discount_uzs: null };
    // As the PUBG page hands over its packages of 60 UC (on sale) and 325 UC.
    const { user } = renderCheckout({ topupData: PUBG_TOPUP, ...topupSaleState([{ price_usd: 0.99, price_rub: 80, sale }, { price_usd: 4.99, price_rub: 400 }]) });
    await expectSalePrice(user, /^RUB/, '480,00 ₽', '472,00 ₽');
    await expectSalePrice(user, /^USD/, '5,98 $', '5,88 $');
    // $5.98 × 12 650 = 75 647 sums, less 10 % of the 60 UC package's 12 524 sums (1 252).
    await expectSalePrice(user, /^UZS/, '75 647 сум', '74 395 сум');
    await user.click(payButton());
    // The list price goes to the server, which charges the sale price itself.
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toMatchObject({ currency: 'uzs', topupData: { price_usd: 5.98, currency: 'uzs' } });
  });

  test("a game's denomination chosen on a page in dollars costs its sale price at checkout in sums, where only a fixed sum in sums discounts it", async () => {
    setCurrency('USD');
    serve({ methods: paymentMethodsWithPayme() });
    const sale = { price_usd: 1.51, price_rub: 120.4, discount_percent: null, discount_uzs: 5000 };
    // As the Mobile Legends page hands over its 86 diamonds.
    const { user } = renderCheckout({ topupData: { ...MOBILE_LEGENDS_TOPUP, currency: 'usd', input_currency: 'usd' }, ...topupSaleState([{ price_usd: 1.51, price_rub: 120.4, sale }]) });
    await waitFor(() => expect(textOf(screen.getByTestId('checkout-total'))).toBe('1,51 $'));
    // $1.51 × 12 650 = 19 102 sums, less 5 000.
    await expectSalePrice(user, /^UZS/, '19 102 сум', '14 102 сум');
    await user.click(screen.getByRole('radio', { name: /^RUB/ }));
    await waitFor(() => expect(textOf(screen.getByTestId('checkout-total'))).toBe('120,40 ₽'));
  });

  test('a Free Fire offer chosen on a page in roubles costs its sale price at checkout in sums and dollars', async () => {
    serve({ methods: paymentMethodsWithPayme() });
    const sale = { price_usd: 0.74, price_rub: 58.66, discount_percent: 25, discount_uzs: null };
    // As the Free Fire page hands over its offer: `price` is its USD price.
    const { user } = renderCheckout({ topupData: FREEFIRE_TOPUP, ...topupSaleState([{ price_usd: FREEFIRE_OFFER.price, price_rub: FREEFIRE_OFFER.price_rub, sale }]) });
    await waitFor(() => expect(textOf(screen.getByTestId('checkout-total'))).toContain('58,66 ₽'));
    // $0.99 × 12 650 = 12 524 sums, less 25 % (3 131).
    await expectSalePrice(user, /^UZS/, '12 524 сум', '9 393 сум');
    await expectSalePrice(user, /^USD/, '0,99 $', '0,74 $');
  });
});
