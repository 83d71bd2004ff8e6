// @vitest-environment happy-dom
import {
  AdminGame,
  adminGameEndpoints,
  AdminOrderDetail,
  adminOrdersEndpoints,
  AdminSupplier,
  adminSupplierEndpoints,
  AdminSupplierProduct,
  adminSupplierProductEndpoints,
  type UpdateSupplierBody,
} from '@topup/common/api';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { on } from '@topup/common/testing';
import { OrderShow } from '../orders/OrderShow';
import { SupplierProductList } from '../supplierProducts/SupplierProductList';
import { contractExample, server } from '../testing/api';
import { renderResourcePage } from '../testing/render';
import { SupplierEdit } from './SupplierEdit';
import { SupplierList } from './SupplierList';

/** The contract's example: SEAGM, active, 812.40 USD read on 4 March, low under 100. */
const SEAGM = contractExample<AdminSupplier>(AdminSupplier);
const SANDBOX: AdminSupplier = { ...SEAGM, id: 1, kind: 'sandbox', name: 'Sandbox', priority: 2, balance: null, balanceCurrency: null, balanceCheckedAt: null, lowBalanceThreshold: null };
const MOOGOLD: AdminSupplier = { ...SEAGM, id: 3, kind: 'moogold', name: 'MooGold', active: false, configured: false, priority: 3, balance: 40, lowBalanceThreshold: 50 };
const PUBG_60: AdminSupplierProduct = contractExample<AdminSupplierProduct>(AdminSupplierProduct);
const MOON_GEMS: AdminSupplierProduct = { ...PUBG_60, id: 18, externalId: '201', game: null, name: 'Moon Legends 60 Gems', cost: 1.1, available: false, fields: [{ name: 'account', label: 'Account' }] };

const listed = <T,>(resource: string, rows: T[]) => HttpResponse.json(rows, { headers: { 'Content-Range': `${resource} 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } });

/** The API holding the three suppliers: updates change them as the server would; syncs are counted. */
function serveSuppliers() {
  let suppliers = [SEAGM, SANDBOX, MOOGOLD];
  const updates: UpdateSupplierBody[] = [];
  const syncs: number[] = [];
  server.use(
    on(adminSupplierEndpoints.list).reply(() => listed('suppliers', suppliers)),
    on(adminSupplierEndpoints.get).reply(({ params }) => suppliers.find((supplier) => supplier.id === Number(params.id))!),
    on(adminSupplierEndpoints.update).reply(({ params, body }) => {
      updates.push(body);
      suppliers = suppliers.map((supplier) =>
        supplier.id === Number(params.id) ? { ...supplier, active: body.active, priority: body.priority, lowBalanceThreshold: body.lowBalanceThreshold } : supplier,
      );
      return suppliers.find((supplier) => supplier.id === Number(params.id))!;
    }),
    on(adminSupplierEndpoints.catalogueSync).reply(({ params }) => {
      syncs.push(Number(params.id));
      return { supplierId: Number(params.id) };
    }),
  );
  return { updates, syncs };
}

describe('suppliers in the back office', () => {
  test('the list shows each supplier with its state, priority, balance (when read, low or not) and threshold', async () => {
    serveSuppliers();
    renderResourcePage('suppliers', '/suppliers', '/suppliers', <SupplierList />);
    const seagm = (await screen.findByText('SEAGM')).closest('tr') as HTMLElement;
    expect(seagm).toHaveTextContent('Активен');
    expect(seagm).toHaveTextContent('$812.40');
    expect(seagm).toHaveTextContent(/прочитан 04\.03\.2026/);
    expect(seagm).toHaveTextContent('$100.00');
    expect(within(seagm).queryByText('Низкий')).not.toBeInTheDocument();
    expect(screen.getByText('Sandbox').closest('tr')).toHaveTextContent('Ещё не прочитан');
    const moogold = screen.getByText('MooGold').closest('tr') as HTMLElement;
    expect(moogold).toHaveTextContent('Нет настроек');
    expect(within(moogold).getByText('Низкий')).toBeInTheDocument();
  });

  test('editing a supplier saves its switch, priority and threshold, and Sync catalogue queues the import', async () => {
    const { updates, syncs } = serveSuppliers();
    const { user } = renderResourcePage('suppliers', '/suppliers/:id', '/suppliers/2', <SupplierEdit />);
    const priority = await screen.findByLabelText(/^Приоритет/);
    await waitFor(() => expect(priority).toHaveValue(1));
    await user.click(screen.getByRole('button', { name: 'Загрузить каталог' }));
    expect(await screen.findByText('Каталог SEAGM загружается; его товары появятся в разделе «Товары поставщиков»')).toBeInTheDocument();
    expect(syncs).toEqual([2]);

    await user.clear(priority);
    await user.type(priority, '4');
    const threshold = screen.getByLabelText(/^Низкий баланс ниже/);
    await user.clear(threshold);
    await user.type(threshold, '250.5');
    await user.click(screen.getByRole('switch', { name: /^Активен/ }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(updates).toEqual([{ active: false, priority: 4, lowBalanceThreshold: 250.5 }]));
  });

  test('a supplier without settings on this store cannot be switched on, nor its catalogue synced', async () => {
    serveSuppliers();
    renderResourcePage('suppliers', '/suppliers/:id', '/suppliers/3', <SupplierEdit />);
    expect(await screen.findByText('У магазина нет настроек этого поставщика: его нельзя включить или загрузить его каталог.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: /^Активен/ })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Загрузить каталог' })).toBeDisabled();
  });

  test("the supplier products list shows each product's supplier id, game, fields, cost and availability, searched by text and game", async () => {
    serveSuppliers();
    const filters: string[] = [];
    server.use(
      on(adminSupplierProductEndpoints.list).reply(({ request }) => {
        const filter = new URL(request.url).searchParams.get('filter') ?? '{}';
        filters.push(filter);
        const q = (JSON.parse(filter) as { q?: string }).q;
        return listed('supplier-products', [PUBG_60, MOON_GEMS].filter((product) => !q || product.name.toLowerCase().includes(q.toLowerCase())));
      }),
    );
    server.use(on(adminGameEndpoints.list).reply(() => listed('games', [contractExample<AdminGame>(AdminGame)])));
    const { user } = renderResourcePage('supplierProducts', '/supplierProducts', '/supplierProducts', <SupplierProductList />);
    const pubg = (await screen.findByText('PUBG Mobile 60 UC')).closest('tr') as HTMLElement;
    expect(pubg).toHaveTextContent('101');
    expect(pubg).toHaveTextContent('pubg');
    expect(pubg).toHaveTextContent('User ID');
    expect(pubg).toHaveTextContent('$0.86');
    expect(pubg).toHaveTextContent('Доступен');
    const gems = screen.getByText('Moon Legends 60 Gems').closest('tr') as HTMLElement;
    expect(gems).toHaveTextContent('Без игры');
    expect(gems).toHaveTextContent('Недоступен');

    await user.type(screen.getByPlaceholderText('Название или ID у поставщика'), 'moon');
    await waitFor(() => expect(screen.queryByText('PUBG Mobile 60 UC')).not.toBeInTheDocument());
    expect(filters.at(-1)).toBe(JSON.stringify({ q: 'moon' }));

    // The game filter sends the game's id.
    await user.click(screen.getByRole('combobox', { name: 'Игра' }));
    await user.click(await screen.findByRole('option', { name: 'Mobile Legends' }));
    await waitFor(() => expect(filters.at(-1)).toBe(JSON.stringify({ q: 'moon', gameId: 4 })));
  });

  test("the order screen shows how each item is delivered: supplier, our reference, the supplier's order, status and cost", async () => {
    const order = contractExample<AdminOrderDetail>(AdminOrderDetail);
    const [item] = order.items;
    server.use(
      on(adminOrdersEndpoints.get).reply(() => ({
        ...order,
        items: [
          {
            ...item!,
            delivery: { supplier: 'SEAGM', reference: `${item!.id}-2`, supplierOrderId: '700001', status: 'pending', cost: 0.86, costCurrency: 'USD' },
          },
        ],
      })),
    );
    renderResourcePage('orders', '/orders/:id/show', `/orders/${order.id}/show`, <OrderShow />);
    expect(await screen.findByText('В обработке у поставщика')).toBeInTheDocument();
    const delivery = screen.getByText('В обработке у поставщика').closest('td') as HTMLElement;
    expect(delivery).toHaveTextContent(`Наш номер${item!.id}-2`);
    expect(delivery).toHaveTextContent('Заказ у поставщика700001');
    expect(delivery).toHaveTextContent('ПоставщикSEAGM');
    expect(delivery).toHaveTextContent('Цена закупки$0.86');
  });
});
