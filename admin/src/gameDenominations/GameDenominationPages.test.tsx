// @vitest-environment happy-dom
import {
  AdminGame,
  AdminGameDenomination,
  adminGameDenominationEndpoints,
  adminGameEndpoints,
  AdminSupplierProduct,
  adminSupplierProductEndpoints,
  type UpdateGameDenominationBody,
} from '@topup/common/api';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { ErrorCode } from '@topup/common';
import { on, refuse } from '@topup/common/testing';
import { GameEdit } from '../games/GameEdit';
import { contractExample, server } from '../testing/api';
import { renderResourcePage } from '../testing/render';
import { GameDenominationEdit } from './GameDenominationPages';

/** The contracts' examples: Mobile Legends (game 4) and its 86 diamonds (denomination 41). */
const MOBILE_LEGENDS = contractExample<AdminGame>(AdminGame);
const DIAMONDS_86 = contractExample<AdminGameDenomination>(AdminGameDenomination);
/** The supplier's product (17) the 86 diamonds are delivered from first. */
const SUPPLIER_PRODUCT: AdminSupplierProduct = { ...contractExample<AdminSupplierProduct>(AdminSupplierProduct), game: 'mobile-legends', name: 'Mobile Legends 86 Diamonds', cost: 1.12 };
const DIAMONDS_172: AdminGameDenomination = {
  ...DIAMONDS_86,
  id: 42,
  name: '172 алмаза',
  amount: 172,
  priceUsd: 2.99,
  priceRub: 236,
  active: false,
  sortOrder: 1,
  availableCodes: 12,
};

/** The API holding Mobile Legends and its denominations; updates change them as the server would. */
function serveGame() {
  let denominations = [DIAMONDS_86, DIAMONDS_172];
  const updates: UpdateGameDenominationBody[] = [];
  const lists: string[] = [];
  const productLists: string[] = [];
  server.use(
    on(adminSupplierProductEndpoints.list).reply(({ request }) => {
      productLists.push(new URL(request.url).searchParams.get('filter') ?? '');
      return HttpResponse.json([SUPPLIER_PRODUCT], { headers: { 'Content-Range': 'supplier-products 0-0/1' } });
    }),
    on(adminGameEndpoints.get).reply(() => MOBILE_LEGENDS),
    on(adminGameDenominationEndpoints.get).reply(({ params }) => denominations.find((row) => row.id === Number(params.id)) ?? DIAMONDS_86),
    on(adminGameDenominationEndpoints.list).reply(({ request }) => {
      lists.push(new URL(request.url).searchParams.get('filter') ?? '');
      return HttpResponse.json(denominations, { headers: { 'Content-Range': `game-denominations 0-${denominations.length - 1}/${denominations.length}` } });
    }),
    on(adminGameDenominationEndpoints.update).reply(({ params, body }) => {
      updates.push(body);
      denominations = denominations.map((row) => (row.id === Number(params.id) ? ({ ...row, ...body } as AdminGameDenomination) : row));
      return denominations.find((row) => row.id === Number(params.id))!;
    }),
  );
  return { updates, lists, productLists };
}

describe("a game's denominations in the back office", () => {
  test("the game's screen lists its denominations with their prices, stock and state", async () => {
    const { lists } = serveGame();
    renderResourcePage('games', '/games/:id', '/games/4?tab=denominations', <GameEdit />);
    expect(await screen.findByRole('tab', { name: 'Номиналы (2)', selected: true })).toBeInTheDocument();
    const row = (await screen.findByText('172 алмаза')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('172 алмазов');
    expect(row).toHaveTextContent('$2.99');
    expect(row).toHaveTextContent(/236,00\s₽/);
    expect(within(row).getByRole('switch', { name: 'Активен' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Добавить номинал' })).toBeInTheDocument();
    expect(lists).toEqual(['{"gameId":4}']);
  });

  test('editing a denomination saves its new price and name in three languages', async () => {
    const { updates, productLists } = serveGame();
    const { user } = renderResourcePage('gameDenominations', '/gameDenominations/:id', '/gameDenominations/41', <GameDenominationEdit />);
    // The way back names the game.
    expect(await screen.findByRole('link', { name: 'Mobile Legends' })).toHaveAttribute('href', '/games/4?tab=denominations');
    const price = screen.getByLabelText(/^Цена, RUB/);
    await waitFor(() => expect(price).toHaveValue(118));
    // A supplier's product as a source: chosen among the products matched to the denomination's game.
    expect(await screen.findByDisplayValue('Mobile Legends 86 Diamonds · $1.12')).toBeInTheDocument();
    expect(productLists).toContain(JSON.stringify({ gameId: 4 }));
    await user.clear(price);
    await user.type(price, '126');
    const uz = within(screen.getByRole('group', { name: 'Название' })).getByLabelText('Узбекский');
    await user.clear(uz);
    await user.type(uz, '86 ta olmos');

    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Номинал изменён')).toBeInTheDocument();
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      name: '86 алмазов',
      unit: 'алмазов',
      amount: 86,
      priceUsd: 1.49,
      priceRub: 126,
      translations: { en: { name: '86 Diamonds', unit: 'diamonds' }, uz: { name: '86 ta olmos', unit: 'olmos' } },
      active: true,
      // Its sources as they were: a supplier's product first, the sandbox after it.
      sources: DIAMONDS_86.sources,
    });
    // The record's own fields stay behind.
    expect(updates[0]).not.toHaveProperty('availableCodes');
  });

  test('a price emptied or given three decimals is marked, and nothing is saved', async () => {
    const { updates } = serveGame();
    const { user } = renderResourcePage('gameDenominations', '/gameDenominations/:id', '/gameDenominations/41', <GameDenominationEdit />);
    const usd = await screen.findByLabelText(/^Цена, USD/);
    await waitFor(() => expect(usd).toHaveValue(1.49));
    await user.clear(usd);
    await user.type(usd, '1.499');
    await user.clear(screen.getByLabelText(/^Цена, RUB/));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Введите сумму от 0 с не более чем 2 знаками после точки')).toBeInTheDocument();
    expect(screen.getByText('Обязательно для заполнения')).toBeInTheDocument();
    expect(updates).toEqual([]);
  });

  test('a price below the cheapest source’s cost asks to confirm, and saves it sold at a loss once confirmed', async () => {
    const { updates } = serveGame();
    server.use(
      on(adminGameDenominationEndpoints.update).reply(({ body }) => {
        updates.push(body);
        if (!body.sellAtLoss) return refuse(409, ErrorCode.PRICE_BELOW_COST, 'Below cost', { currency: 'usd', price: 1.09, cost: 1.12 });
        return { ...DIAMONDS_86, ...body } as AdminGameDenomination;
      }),
    );
    const { user } = renderResourcePage('gameDenominations', '/gameDenominations/:id', '/gameDenominations/41', <GameDenominationEdit />);
    expect(await screen.findByText('Самый дешёвый источник стоит $1.12 / 88,48 ₽')).toBeInTheDocument();
    const usd = screen.getByLabelText(/^Цена, USD/);
    await waitFor(() => expect(usd).toHaveValue(1.49));
    await user.clear(usd);
    await user.type(usd, '1.09');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    const dialog = await screen.findByRole('dialog', { name: 'Продавать ниже себестоимости?' });
    expect(dialog).toHaveTextContent('Цена в USD, $1.09, ниже себестоимости самого дешёвого источника, $1.12.');
    await user.click(within(dialog).getByRole('button', { name: 'Продавать в убыток' }));
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(updates[0]).toMatchObject({ priceUsd: 1.09, sellAtLoss: false });
    expect(updates[1]).toMatchObject({ priceUsd: 1.09, sellAtLoss: true });
  });
});
