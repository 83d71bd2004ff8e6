// @vitest-environment happy-dom
import { ErrorCode } from '@topup/common';
import { AdminOrderDetail, adminOrdersEndpoints, type AdminOrderEvent } from '@topup/common/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { on, refuse } from '@topup/common/testing';
import { server } from '../testing/api';
import { renderResourcePage } from '../testing/render';
import { OrderShow } from './OrderShow';

const PLACED_AT = '2026-03-04T12:30:00.000Z';

function event(id: number, kind: AdminOrderEvent['kind'], payload: AdminOrderEvent['payload'], actorNickname: string | null = null): AdminOrderEvent {
  return { id, kind, actorId: actorNickname ? 1 : null, actorNickname, payload, requestId: null, createdAt: PLACED_AT };
}

/** The contract's example order, 1042: 898 ₽ of Pulse Card codes paid from player_one's balance. */
const EXAMPLE_ORDER = ((AdminOrderDetail as { examples?: unknown }).examples as AdminOrderDetail[])[0] as AdminOrderDetail;

/** Order 1042 still being delivered. */
function processingOrder(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return { ...EXAMPLE_ORDER, status: 'processing', completedAt: null, ...overrides };
}

/** The API holding `order`: reads answer it as it is now; each action changes it as the server would. */
function serveOrder(initial: AdminOrderDetail) {
  let order = initial;
  const calls: string[] = [];
  const record = (kind: AdminOrderEvent['kind'], payload: AdminOrderEvent['payload']) => [
    ...order.timeline,
    event(order.timeline.length + 1, kind, payload, 'admin'),
  ];
  server.use(
    on(adminOrdersEndpoints.get).reply(() => order),
    on(adminOrdersEndpoints.retryDelivery).reply(() => {
      calls.push('retry');
      order = { ...order, attentionReason: null, attentionSince: null, timeline: record('retry_requested', {}) };
      return order;
    }),
    on(adminOrdersEndpoints.changeStatus).reply(({ body: { status } }) => {
      calls.push(`status ${status}`);
      order = { ...order, status, timeline: record('status_changed', { from: order.status, to: status }) };
      return order;
    }),
    on(adminOrdersEndpoints.addNote).reply(({ body: { note } }) => {
      calls.push(`note ${note}`);
      order = { ...order, timeline: record('note', { text: note }) };
      return order;
    }),
    on(adminOrdersEndpoints.refund).reply(({ body: { destination } }) => {
      calls.push(`refund ${destination ?? 'balance'}`);
      order = { ...order, status: 'failed', timeline: record('refunded', { amount: 89800, currency: 'rub', destination }) };
      return order;
    }),
  );
  return { calls };
}

function renderOrder(id = 1042) {
  return renderResourcePage('orders', '/orders/:id/show', `/orders/${id}/show`, <OrderShow />);
}

const timeline = () => screen.getByTestId('order-timeline');

describe("the back office's order screen", () => {
  test('shows the order: its status, buyer, money, items and timeline', async () => {
    serveOrder(processingOrder());
    renderOrder();
    expect(await screen.findByRole('heading', { name: 'Заказ №1042' })).toBeInTheDocument();
    expect(screen.getAllByText('В обработке').length).toBeGreaterThan(0);
    expect(screen.getByText('player_one')).toBeInTheDocument();
    expect(screen.getByText('Pulse Card')).toBeInTheDocument();
    expect(screen.getByText('Оплачено с баланса: платежа через шлюз нет.')).toBeInTheDocument();
    expect(within(timeline()).getByText(/^Заказ оформлен: 898,00\s₽$/)).toBeInTheDocument();
    expect(within(timeline()).getByText(/Магазин$/)).toBeInTheDocument();
  });

  test('an order placed with a promo code shows the code and its discount', async () => {
    serveOrder(processingOrder({ total: 808.2, discount: 89.8, promoCode: 'SPRING10' }));
    renderOrder();
    expect(await screen.findByText('Скидка (код SPRING10)')).toBeInTheDocument();
    expect(screen.getByText(/^89,80\s₽$/)).toBeInTheDocument();
    expect(screen.getByText(/^808,20\s₽$/)).toBeInTheDocument();
  });

  test("a top-up's line and its refund read in words and money, never as raw values", async () => {
    serveOrder(
      processingOrder({
        status: 'failed',
        kind: 'topup',
        items: [
          {
            id: 1,
            itemType: 'topup',
            productTitle: null,
            gameAmount: 720,
            amount: 472.42,
            providerStatus: 'failed',
            delivery: null,
            margin: null,
            topupData: { service: 'pubg', player_id: '5123457', offer_id: -1, offer_name: 'PUBG Topup 720 UC', price_usd: 5.98, price_rub: 472.42, currency: 'rub', packages: [{ uc_amount: 660 }, { uc_amount: 60 }] },
          },
        ],
        refunds: [{ id: 1, destination: 'balance', amount: 472.42, currency: 'rub', status: 'succeeded', reason: 'order_refund', failure: null, inDoubt: false, createdAt: PLACED_AT }],
      }),
    );
    renderOrder();
    expect(await screen.findByText('PUBG Mobile 720 UC')).toBeInTheDocument();
    expect(screen.getByText('PUBG Mobile')).toBeInTheDocument();
    expect(screen.getAllByText(/^472,42\s₽$/).length).toBeGreaterThan(0);
    expect(screen.getByText('Возврат по заказу')).toBeInTheDocument();
    for (const raw of ['pubg', 'order_refund', '472.42', 'PUBG Topup 720 UC']) expect(screen.queryByText(raw)).not.toBeInTheDocument();
  });

  test('a flagged order says why, and Retry delivery queues it again', async () => {
    const { calls } = serveOrder(
      processingOrder({
        attentionReason: 'Provider answered 502',
        attentionSince: PLACED_AT,
        timeline: [
          event(1, 'placed', { total: 89800, currency: 'rub' }),
          event(2, 'delivery_attempt', { outcome: 'unavailable', detail: 'Provider answered 502' }),
          event(3, 'attention_raised', {}),
        ],
      }),
    );
    const { user } = renderOrder();
    const alert = await screen.findByTestId('order-attention');
    expect(alert).toHaveTextContent('Доставка требует внимания');
    expect(alert).toHaveTextContent('Последняя ошибка: Provider answered 502');
    expect(within(timeline()).getByText('Попытка доставки: игра не ответила')).toBeInTheDocument();
    expect(within(timeline()).getByText('Отмечен для оператора: нужно вмешательство')).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Повторить доставку' }));
    expect(await screen.findByText('Доставка заказа №1042 запущена повторно')).toBeInTheDocument();
    expect(await within(timeline()).findByText('Доставка запущена повторно')).toBeInTheDocument();
    expect(screen.queryByTestId('order-attention')).not.toBeInTheDocument();
    expect(calls).toEqual(['retry']);
  });

  test('a retry refused while a delivery is still running shows the reason', async () => {
    serveOrder(processingOrder());
    server.use(on(adminOrdersEndpoints.retryDelivery).reply(() => refuse(409, ErrorCode.NOTHING_TO_RETRY, 'A delivery of this order is already queued')));
    const { user } = renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Повторить доставку' }));
    expect(await screen.findByText('A delivery of this order is already queued')).toBeInTheDocument();
  });

  test('a status change is confirmed first, then recorded', async () => {
    const { calls } = serveOrder(processingOrder({ kind: 'topup' }));
    const { user } = renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Изменить статус' }));
    await user.click(screen.getByRole('menuitem', { name: 'Перевести в «Не выполнен»' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Перевести заказ №1042 в «Не выполнен»?');
    expect(dialog).toHaveTextContent('Доставка прекратится, а сумма заказа вернётся на баланс покупателя.');
    expect(calls).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Изменить статус' }));
    expect(await screen.findByText('Заказ №1042 теперь в статусе «Не выполнен»')).toBeInTheDocument();
    expect(calls).toEqual(['status failed']);
    expect(await within(timeline()).findByText('Статус: В обработке → Не выполнен')).toBeInTheDocument();
  });

  test('a note goes on the timeline under the admin', async () => {
    const { calls } = serveOrder(processingOrder());
    const { user } = renderOrder();
    const add = await screen.findByRole('button', { name: 'Добавить' });
    expect(add).toBeDisabled();
    await user.click(screen.getByLabelText('Добавить заметку'));
    await user.paste('Called the buyer');
    await user.click(add);
    expect(await screen.findByText('Заметка добавлена')).toBeInTheDocument();
    expect(await within(timeline()).findByText('Called the buyer')).toBeInTheDocument();
    expect(calls).toEqual(['note Called the buyer']);
  });

  test('a refund to the balance is confirmed with its amount and marks the order failed', async () => {
    const { calls } = serveOrder(processingOrder());
    const { user } = renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Вернуть на баланс' }));
    const dialog = screen.getByRole('dialog', { name: 'Вернуть заказ №1042 на баланс?' });
    expect(dialog).toHaveTextContent('На карту можно вернуть только заказ с прошедшей оплатой картой или через СБП.');
    await user.click(within(dialog).getByRole('button', { name: /^Вернуть 898,00\s₽$/ }));
    expect(await screen.findByText(/^898,00\s₽ возвращено на баланс пользователя player_one$/)).toBeInTheDocument();
    expect(calls).toEqual(['refund balance']);
    expect(await within(timeline()).findByText(/^Возвращено 898,00\s₽ на баланс$/)).toBeInTheDocument();
  });

  test('a card-paid order shows its gateway payment, and its refund goes back to the card', async () => {
    const { calls } = serveOrder(
      processingOrder({
        paymentMethod: 'card',
        payment: {
          id: 5,
          provider: 'yookassa',
          providerPaymentId: '2e9c2b1f-000f-5000-8000-1b2c3d4e5f60',
          method: 'card',
          status: 'paid',
          amount: 898,
          refundedAmount: 0,
          currency: 'rub',
          gatewayStatus: 'succeeded',
          createdAt: PLACED_AT,
          paidAt: PLACED_AT,
          events: [],
        },
      }),
    );
    const { user } = renderOrder();
    const payment = await screen.findByTestId('order-payment');
    expect(payment).toHaveTextContent('yookassa');
    expect(payment).toHaveTextContent('2e9c2b1f-000f-5000-8000-1b2c3d4e5f60');
    expect(within(payment).getByText('Оплачен', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(screen.getByText('От шлюза пока не было событий.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Вернуть деньги' }));
    const dialog = screen.getByRole('dialog', { name: 'Вернуть заказ №1042 на карту?' });
    expect(within(dialog).getByRole('radio', { name: 'Обратно тем же способом: Карта (через платёжный шлюз)' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: /^Вернуть 898,00\s₽$/ }));
    expect(await screen.findByText(/^898,00\s₽ возвращается на карту пользователя player_one$/)).toBeInTheDocument();
    expect(calls).toEqual(['refund card']);
  });

  test.each([
    {
      provider: 'payme',
      transaction: '6752b6b9e5e1b1a4b3c2d1e0',
      events: [
        ['payme.create', 'Payme создал транзакцию'],
        ['payme.perform', 'Payme провёл оплату'],
      ],
    },
    {
      provider: 'click',
      transaction: '3000012345',
      events: [
        ['click.prepare', 'Click подготовил платёж'],
        ['click.complete', 'Click завершил платёж'],
      ],
    },
  ])("a $provider order's card lists the gateway's calls as its events, in words with their codes", async ({ provider, transaction, events }) => {
    serveOrder(
      processingOrder({
        currency: 'uzs',
        total: 139_024,
        paymentMethod: provider as 'payme' | 'click',
        payment: {
          id: 6,
          provider,
          providerPaymentId: transaction,
          method: provider as 'payme' | 'click',
          status: 'paid',
          amount: 139_024,
          refundedAmount: 0,
          currency: 'uzs',
          gatewayStatus: null,
          createdAt: PLACED_AT,
          paidAt: PLACED_AT,
          events: events.map(([eventType], index) => ({ id: 61 + index, eventType: eventType ?? '', providerEventId: transaction, receivedAt: PLACED_AT, processedAt: PLACED_AT })),
        },
      }),
    );
    renderOrder();
    const payment = await screen.findByTestId('order-payment');
    expect(payment).toHaveTextContent(provider);
    expect(payment).toHaveTextContent(transaction);
    expect(payment).toHaveTextContent(provider === 'payme' ? 'Payme' : 'Click');
    const rows = within(screen.getByTestId('order-payment-events')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(events.map(([code, words]) => `${words}${code}`));
    expect(rows.every((row) => row.textContent?.includes(transaction))).toBe(true);
    expect(screen.queryByText('От шлюза пока не было событий.')).not.toBeInTheDocument();
  });

  test('an order that does not exist says so', async () => {
    server.use(on(adminOrdersEndpoints.get).reply(() => refuse(404, ErrorCode.NOT_FOUND, 'Order not found')));
    renderOrder(999);
    expect(await screen.findByText('Элемент не существует')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Заказ №999' })).not.toBeInTheDocument();
  });

  test('a completed order offers no status change and no retry', async () => {
    serveOrder(processingOrder({ status: 'completed', completedAt: PLACED_AT }));
    renderOrder();
    expect(await screen.findByRole('heading', { name: 'Заказ №1042' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Изменить статус' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Повторить доставку' })).not.toBeInTheDocument();
  });
});
