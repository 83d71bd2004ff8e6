// @vitest-environment happy-dom
import { ErrorCode } from '@topup/common';
import { paymentsEndpoints, pubgEndpoints } from '@topup/common/api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { setCurrency } from '../../../lib/preferences';
import { never, on, refuse } from '@topup/common/testing';
import { server } from '../../../testing/api';
import { paymentMethodsWithPayme, PUBG_PACKAGES, PUBG_TOPUP } from '../../../testing/data';
import { navigatedTo, renderWithProviders, textOf } from '../../../testing/render';
import { PubgPage } from './pubg-page';

function renderPubg({ signedIn = true } = {}) {
  return renderWithProviders(<PubgPage />, { path: '/products/pubg', signedIn });
}

/** The game knows one player, 512345678, called "Player6789". */
function servePubg() {
  const checked: string[] = [];
  server.use(
    on(pubgEndpoints.packages).reply(() => PUBG_PACKAGES),
    on(pubgEndpoints.checkPlayer).reply(({ body }) => {
      checked.push(body.playerID);
      return body.playerID === '512345678'
        ? { success: true, data: { status: 'success', player_name: 'Player6789' } }
        : { success: false, data: { status: 'not_found' } };
    }),
  );
  return { checked };
}

const packageTile = (uc: number) =>
  within(screen.getByRole('group', { name: 'Пакеты UC' }))
    .getAllByRole('button')
    .find((tile) => new RegExp(`^${uc}\\sUC`).test(textOf(tile))) as HTMLElement;
const total = () => textOf(screen.getByTestId('summary-total'));
const topUpButton = () => screen.getByRole('button', { name: 'Пополнить сейчас' });

async function findPlayer(user: ReturnType<typeof renderPubg>['user'], playerId: string) {
  await user.type(screen.getByLabelText('ID игрока'), playerId);
  await user.click(screen.getByRole('button', { name: 'Найти' }));
}

afterEach(() => setCurrency('RUB'));

describe('the PUBG page', () => {
  test('shows a skeleton while the packages load', () => {
    server.use(on(pubgEndpoints.packages).reply(never));
    renderPubg();
    expect(screen.getByLabelText('Загружаем пакеты…')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Выберите пакеты или введите количество, чтобы увидеть итог.')).toBeInTheDocument();
  });

  test('packages that fail to load offer a retry', async () => {
    let calls = 0;
    server.use(on(pubgEndpoints.packages).reply(() => (++calls === 1 ? refuse(404, ErrorCode.NOT_FOUND) : PUBG_PACKAGES)));
    const { user } = renderPubg();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить пакеты');
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('group', { name: 'Пакеты UC' })).toBeInTheDocument();
  });

  test('no packages on sale: says so, and the amount cannot be typed', async () => {
    server.use(on(pubgEndpoints.packages).reply(() => []));
    renderPubg();
    expect(await screen.findByText('Сейчас нет доступных пакетов. Загляните позже.')).toBeInTheDocument();
    expect(screen.getByLabelText('Своё количество')).toBeDisabled();
  });

  test('lists the packages with their prices; chosen ones add up in the summary', async () => {
    servePubg();
    const { user } = renderPubg();
    await screen.findByRole('group', { name: 'Пакеты UC' });
    expect(textOf(packageTile(60))).toMatch(/80,00 ₽/);
    expect(textOf(packageTile(660))).toMatch(/800,00 ₽/);
    expect(total()).toBe('—');

    await user.click(packageTile(325));
    await user.click(packageTile(660));
    expect(packageTile(325)).toHaveAttribute('aria-pressed', 'true');
    expect(total()).toBe('1 200,00 ₽');
    expect(screen.getByText(/^Всего 985\sUC$/)).toBeInTheDocument();

    await user.click(packageTile(660));
    expect(total()).toBe('400,00 ₽');
  });

  test('a package on sale shows its list price struck through, and the summary adds up the sale prices', async () => {
    const sale = { price_usd: 0.89, price_rub: 72, discount_percent: 10, discount_uzs: null };
    server.use(on(pubgEndpoints.packages).reply(() => PUBG_PACKAGES.map((pkg) => (pkg.id === 1 ? { ...pkg, sale } : pkg))));
    const { user } = renderPubg();
    await screen.findByRole('group', { name: 'Пакеты UC' });
    expect(within(packageTile(60)).getByText('80,00 ₽', { selector: 's', normalizer: (text) => text.replace(/\s/g, ' ') })).toBeInTheDocument();
    expect(textOf(packageTile(60))).toMatch(/72,00 ₽ −10%/);
    expect(textOf(packageTile(325))).not.toMatch(/−/);

    await user.click(packageTile(60));
    await user.click(packageTile(325));
    expect(total()).toMatch(/480,00 ₽.*472,00 ₽ −2%/);
  });

  test('in sums the total is the packages\' USD total converted once, less each package\'s discount, as checkout charges it', async () => {
    setCurrency('UZS');
    const sale = { price_usd: 0.89, price_rub: 72, discount_percent: 10, discount_uzs: null };
    server.use(
      on(pubgEndpoints.packages).reply(() => PUBG_PACKAGES.map((pkg) => (pkg.id === 1 ? { ...pkg, sale } : pkg))),
      on(paymentsEndpoints.methods).reply(() => paymentMethodsWithPayme()),
    );
    const { user } = renderPubg();
    await screen.findByRole('group', { name: 'Пакеты UC' });
    await user.click(packageTile(60));
    await user.click(packageTile(325));
    // $5.98 × 12 650 = 75 647 sums, less 10 % of the 60 UC package's 12 524 sums (1 252).
    await waitFor(() => expect(total()).toMatch(/75 647 сум.*74 395 сум −2%/));
  });

  test('a quick pick or a typed amount is made up of packages', async () => {
    servePubg();
    const { user } = renderPubg();
    await screen.findByRole('group', { name: 'Пакеты UC' });
    await user.click(screen.getByRole('button', { name: /^385\sUC$/ }));
    expect(screen.getByLabelText('Своё количество')).toHaveValue('385');
    expect(packageTile(60)).toHaveAttribute('aria-pressed', 'true');
    expect(packageTile(325)).toHaveAttribute('aria-pressed', 'true');
    expect(total()).toBe('480,00 ₽');

    await user.clear(screen.getByLabelText('Своё количество'));
    await user.type(screen.getByLabelText('Своё количество'), '200000');
    expect(screen.getByText(/^Не больше 100\s000 UC за заказ$/)).toBeInTheDocument();
    expect(screen.getByLabelText('Своё количество')).toHaveAttribute('aria-invalid', 'true');
  });

  test('finding a player shows the nickname; an unknown id and a game that does not answer say so', async () => {
    const { checked } = servePubg();
    const { user } = renderPubg();
    await screen.findByRole('group', { name: 'Пакеты UC' });

    await user.click(screen.getByRole('button', { name: 'Найти' }));
    expect(await screen.findByText('Пожалуйста, введите ID игрока PUBG Mobile')).toBeInTheDocument();

    await findPlayer(user, '111');
    expect(await screen.findByText('Неверный ID: игрок с таким ID не найден')).toBeInTheDocument();
    expect(screen.queryByTestId('verified-player')).not.toBeInTheDocument();

    server.use(on(pubgEndpoints.checkPlayer).reply(() => refuse(503, ErrorCode.SERVICE_UNAVAILABLE)));
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    expect(await screen.findByText('Не удалось проверить ID игрока. Попробуйте ещё раз.')).toBeInTheDocument();

    server.resetHandlers();
    servePubg();
    await user.clear(screen.getByLabelText('ID игрока'));
    await findPlayer(user, '512345678');
    expect(await screen.findByTestId('verified-player')).toHaveTextContent('Игрок найденPlayer6789');
    expect(screen.getByText('Игрок найден: Player6789')).toBeInTheDocument();
    expect(checked).toEqual(['111']);
  });

  test('top-up waits for packages and a verified player, then goes to checkout with the top-up', async () => {
    servePubg();
    const { user } = renderPubg();
    await screen.findByRole('group', { name: 'Пакеты UC' });
    expect(topUpButton()).toBeDisabled();

    await user.click(packageTile(60));
    await user.click(packageTile(325));
    expect(screen.getByText('Нажмите «Найти», чтобы проверить ID игрока перед пополнением.')).toBeInTheDocument();
    await findPlayer(user, '512345678');
    await screen.findByTestId('verified-player');

    await user.click(topUpButton());
    expect(await navigatedTo()).toEqual({ path: '/checkout', state: { topupData: PUBG_TOPUP } });
  });

  test('packages on sale go to checkout with their list prices and their sale, which checkout prices in any currency', async () => {
    servePubg();
    const sale = { price_usd: 0.89, price_rub: 72, discount_percent: 10, discount_uzs: null };
    server.use(on(pubgEndpoints.packages).reply(() => PUBG_PACKAGES.map((pkg) => (pkg.id === 1 ? { ...pkg, sale } : pkg))));
    const { user } = renderPubg();
    await screen.findByRole('group', { name: 'Пакеты UC' });
    await user.click(packageTile(60));
    await user.click(packageTile(325));
    await findPlayer(user, '512345678');
    await screen.findByTestId('verified-player');
    await user.click(topUpButton());
    expect(await navigatedTo()).toEqual({ path: '/checkout', state: { topupData: PUBG_TOPUP, topupSale: [{ price_usd: 0.99, price_rub: 80, sale }] } });
  });

  test('a visitor is asked to sign in and comes back to the page afterwards', async () => {
    servePubg();
    const { user } = renderPubg({ signedIn: false });
    await screen.findByRole('group', { name: 'Пакеты UC' });
    await user.click(packageTile(60));
    await findPlayer(user, '512345678');
    await screen.findByTestId('verified-player');

    await user.click(topUpButton());
    expect(await navigatedTo()).toEqual({ path: '/login', state: { from: '/products/pubg' } });
    expect(screen.getByText('Войдите, чтобы пополнить PUBG Mobile.')).toBeInTheDocument();
  });
});

describe('the PUBG player id', () => {
  test('an unknown id is said under the field, in the shopper\'s language, until the id changes', async () => {
    servePubg();
    const { user } = renderPubg();
    await screen.findByRole('group', { name: 'Пакеты UC' });
    await findPlayer(user, '111');
    const error = await screen.findByTestId('player-id-error');
    expect(error).toHaveTextContent('Неверный ID: игрок с таким ID не найден');
    expect(screen.getByLabelText('ID игрока')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('ID игрока')).toHaveAccessibleDescription(/Неверный ID/);

    await user.type(screen.getByLabelText('ID игрока'), '2');
    expect(screen.queryByTestId('player-id-error')).not.toBeInTheDocument();
  });

  test('a player found once is offered again with the nickname, and one tap fills and checks it', async () => {
    const { checked } = servePubg();
    const first = renderPubg();
    await screen.findByRole('group', { name: 'Пакеты UC' });
    await findPlayer(first.user, '512345678');
    await screen.findByTestId('verified-player');
    first.unmount();

    const { user } = renderPubg();
    const recent = await screen.findByRole('group', { name: 'Недавние:' });
    const remembered = within(recent).getByRole('button', { name: /512345678/ });
    expect(remembered).toHaveTextContent('512345678Player6789');
    await user.click(remembered);
    expect(screen.getByLabelText('ID игрока')).toHaveValue('512345678');
    expect(await screen.findByTestId('verified-player')).toHaveTextContent('Player6789');
    expect(checked).toEqual(['512345678', '512345678']);
  });

  test('"Try again" on a failed top-up opens the page with its packages and player filled in', async () => {
    servePubg();
    renderWithProviders(<PubgPage />, {
      path: '/products/pubg',
      state: { topupRetry: { account: '512345678', fields: {}, packageIds: [3, 1], offerId: null, denominationId: null, amount: '', inputCurrency: 'rub' } },
    });
    await screen.findByRole('group', { name: 'Пакеты UC' });
    expect(screen.getByLabelText('ID игрока')).toHaveValue('512345678');
    expect(screen.getByText('660 UC × 1')).toBeInTheDocument();
    expect(screen.getByText('60 UC × 1')).toBeInTheDocument();
    expect(total()).toBe('880,00 ₽');
  });
});
