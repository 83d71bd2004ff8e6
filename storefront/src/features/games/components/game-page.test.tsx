// @vitest-environment happy-dom
import { ErrorCode } from '@topup/common';
import { gameEndpoints, type Game } from '@topup/common/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { never, on, refuse } from '@topup/common/testing';
import { server } from '../../../testing/api';
import { GENSHIN_IMPACT, MOBILE_LEGENDS, MOBILE_LEGENDS_TOPUP } from '../../../testing/data';
import { navigatedTo, renderWithProviders, textOf } from '../../../testing/render';
import { GamePage } from './game-page';

function renderGame(game: Game = MOBILE_LEGENDS, { signedIn = true } = {}) {
  return renderWithProviders(<GamePage slug={game.slug} />, { path: `/products/${game.slug}`, signedIn });
}

type User = ReturnType<typeof renderGame>['user'];

/**
 * The store holding `game`. Its game knows one player, 512345678 in zone 2001, called "Player5678";
 * each check's fields are recorded.
 */
function serveGame(game: Game = MOBILE_LEGENDS) {
  const checked: Array<Record<string, string>> = [];
  server.use(
    on(gameEndpoints.bySlug).reply(({ params }) => (params.slug === game.slug ? game : refuse(404, ErrorCode.NOT_FOUND, 'Game not found'))),
    on(gameEndpoints.checkPlayer).reply(({ body }) => {
      checked.push(body.fields);
      return body.fields.player_id === '512345678' && body.fields.zone_id === '2001'
        ? { success: true, player_name: 'Player5678' }
        : { success: false, error: 'Player not found' };
    }),
  );
  return { checked };
}

const tile = (name: string) =>
  within(screen.getByRole('group', { name: 'Выберите номинал' }))
    .getAllByRole('button')
    .find((button) => textOf(button).startsWith(name)) as HTMLElement;
const total = () => textOf(screen.getByTestId('summary-total'));
const topUpButton = () => screen.getByRole('button', { name: 'Пополнить сейчас' });
const findButton = () => screen.getByRole('button', { name: 'Найти игрока' });

async function fillAccount(user: User, playerId: string, zone: string) {
  await user.type(screen.getByLabelText('ID игрока'), playerId);
  await user.type(screen.getByLabelText('Зона'), zone);
}

describe("a game's top-up page", () => {
  test('shows a skeleton while the game loads', () => {
    server.use(on(gameEndpoints.bySlug).reply(never));
    renderGame();
    expect(screen.getByLabelText('Загружаем игру…')).toHaveAttribute('aria-busy', 'true');
  });

  test('a game that fails to load offers a retry', async () => {
    let calls = 0;
    server.use(on(gameEndpoints.bySlug).reply(() => (++calls === 1 ? refuse(409, ErrorCode.CONFLICT) : MOBILE_LEGENDS)));
    const { user } = renderGame();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить игру');
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Mobile Legends', level: 1 })).toBeInTheDocument();
  });

  test('a game that is not on sale is not found', async () => {
    serveGame(GENSHIN_IMPACT);
    renderGame(MOBILE_LEGENDS);
    expect(await screen.findByRole('heading', { name: 'Товар не найден', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти к товарам' })).toHaveAttribute('href', '/products');
  });

  test('shows the game in the shopper’s language: its texts, fields with their hints, and its denominations a page at a time', async () => {
    serveGame();
    const { user } = renderGame();
    expect(await screen.findByRole('heading', { name: 'Mobile Legends', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Алмазы по ID игрока и зоне')).toBeInTheDocument();
    expect(screen.getByLabelText('ID игрока')).toHaveAccessibleDescription('От 5 до 12 цифр');
    expect(screen.getByLabelText('Зона')).toHaveAccessibleDescription('От 1 до 5 цифр');
    expect(screen.getByText('Введите данные аккаунта и нажмите «Найти игрока», чтобы проверить ник.')).toBeInTheDocument();

    expect(textOf(tile('86 алмазов'))).toMatch(/120,40 ₽/);
    expect(tile('878 алмазов')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Следующая страница' }));
    expect(textOf(tile('878 алмазов'))).toMatch(/1 229,20 ₽/);
    expect(screen.getByText('Выберите номинал, чтобы увидеть итог.')).toBeInTheDocument();
    expect(total()).toBe('—');
    expect(topUpButton()).toBeDisabled();
  });

  test('a chosen denomination and the filled fields make the summary', async () => {
    serveGame();
    const { user } = renderGame();
    await screen.findByRole('group', { name: 'Выберите номинал' });
    await user.click(tile('86 алмазов'));
    expect(tile('86 алмазов')).toHaveAttribute('aria-pressed', 'true');
    await fillAccount(user, '512345678', '2001');
    const summary = screen.getByRole('region', { name: 'Ваш заказ' });
    expect(textOf(summary)).toContain('Номинал86 алмазов');
    expect(textOf(summary)).toContain('ID игрока512345678');
    expect(textOf(summary)).toContain('Зона2001');
    expect(total()).toBe('120,40 ₽');
    expect(topUpButton()).toBeEnabled();
  });

  test('a denomination on sale shows its list price struck through, in its tile and in the summary', async () => {
    const sale = { price_usd: 1.35, price_rub: 108.36, discount_percent: 10, discount_uzs: null };
    const denominations = MOBILE_LEGENDS.denominations.map((denomination) => (denomination.name === '86 алмазов' ? { ...denomination, sale } : denomination));
    serveGame({ ...MOBILE_LEGENDS, denominations });
    const { user } = renderGame();
    await screen.findByRole('group', { name: 'Выберите номинал' });
    expect(textOf(tile('86 алмазов'))).toMatch(/120,40 ₽.*108,36 ₽ −10%/);
    await user.click(tile('86 алмазов'));
    expect(total()).toMatch(/120,40 ₽.*108,36 ₽ −10%/);
  });

  test('a field is marked when it is left malformed, and going on with missing fields marks them all', async () => {
    serveGame();
    const { user } = renderGame();
    await screen.findByRole('group', { name: 'Выберите номинал' });
    await user.type(screen.getByLabelText('ID игрока'), '12ab');
    expect(screen.getByLabelText('ID игрока')).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(screen.getByLabelText('ID игрока')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('ID игрока')).toHaveAccessibleDescription('Проверьте значение: игра не примет его в таком виде');

    await user.click(tile('86 алмазов'));
    await user.click(topUpButton());
    expect(await screen.findByText('Проверьте данные аккаунта')).toBeInTheDocument();
    expect(screen.getByLabelText('Зона')).toHaveAccessibleDescription('Заполните это поле');
    expect(screen.getByLabelText('ID игрока')).toHaveFocus();
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  test('the player check: a player not found is said on the field, a game that does not answer or a busy store in a message, a found player by name', async () => {
    const { checked } = serveGame();
    const { user } = renderGame();
    await screen.findByRole('group', { name: 'Выберите номинал' });

    await fillAccount(user, '512345678', '2002');
    await user.click(findButton());
    // In a message, and on the field of the account, where it stays.
    expect(await screen.findAllByText('Игрок с такими данными не найден. Проверьте их в игре.')).toHaveLength(2);
    expect(screen.getByLabelText('ID игрока')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('ID игрока')).toHaveAccessibleDescription('Игрок с такими данными не найден. Проверьте их в игре.');
    expect(screen.queryByTestId('verified-player')).not.toBeInTheDocument();

    server.use(on(gameEndpoints.checkPlayer).reply(() => refuse(503, ErrorCode.SERVICE_UNAVAILABLE)));
    await user.click(findButton());
    expect(await screen.findByText('Не удалось проверить ID игрока. Попробуйте ещё раз.')).toBeInTheDocument();

    server.use(on(gameEndpoints.checkPlayer).reply(() => refuse(429, ErrorCode.RATE_LIMITED)));
    await user.click(findButton());
    expect(await screen.findByText('Слишком много попыток. Подождите немного и попробуйте снова.')).toBeInTheDocument();

    server.resetHandlers();
    const again = serveGame();
    await user.clear(screen.getByLabelText('Зона'));
    await user.type(screen.getByLabelText('Зона'), '2001');
    expect(screen.getByLabelText('ID игрока')).not.toHaveAttribute('aria-invalid');
    await user.click(findButton());
    expect(await screen.findByTestId('verified-player')).toHaveTextContent('Игрок найденPlayer5678');
    expect(screen.getByText('Игрок найден: Player5678')).toBeInTheDocument();
    expect(checked).toEqual([{ player_id: '512345678', zone_id: '2002' }]);
    expect(again.checked).toEqual([{ player_id: '512345678', zone_id: '2001' }]);

    // Another zone is another account: the name found no longer applies.
    await user.type(screen.getByLabelText('Зона'), '9');
    expect(screen.queryByTestId('verified-player')).not.toBeInTheDocument();
  });

  test('malformed fields the store refuses are marked on them', async () => {
    serveGame();
    server.use(
      on(gameEndpoints.checkPlayer).reply(() =>
        refuse(400, ErrorCode.VALIDATION_FAILED, 'Invalid request', [{ field: 'fields.zone_id', message: 'game_field_pattern_mismatch' }]),
      ),
    );
    const { user } = renderGame();
    await screen.findByRole('group', { name: 'Выберите номинал' });
    await fillAccount(user, '512345678', '2001');
    await user.click(findButton());
    expect(await screen.findByText('Проверьте данные аккаунта')).toBeInTheDocument();
    expect(screen.getByLabelText('Зона')).toHaveAccessibleDescription('Проверьте значение: игра не примет его в таком виде');
  });

  test('top up checks the player first, then goes to checkout with the top-up and its names', async () => {
    const { checked } = serveGame();
    const { user } = renderGame();
    await screen.findByRole('group', { name: 'Выберите номинал' });
    await user.click(tile('86 алмазов'));
    await fillAccount(user, ' 512345678', '2001');
    await user.click(topUpButton());
    expect(await navigatedTo()).toEqual({
      path: '/checkout',
      state: {
        topupData: MOBILE_LEGENDS_TOPUP,
        topupLabels: {
          game: 'Mobile Legends',
          details: [
            { label: 'ID игрока', value: '512345678' },
            { label: 'Зона', value: '2001' },
          ],
        },
      },
    });
    expect(checked).toEqual([{ player_id: '512345678', zone_id: '2001' }]);
  });

  test('a denomination on sale goes to checkout with its list prices and its sale, which checkout prices in any currency', async () => {
    const sale = { price_usd: 1.51, price_rub: 120.4, discount_percent: null, discount_uzs: 5000 };
    const denominations = MOBILE_LEGENDS.denominations.map((denomination) => (denomination.name === '86 алмазов' ? { ...denomination, sale } : denomination));
    serveGame({ ...MOBILE_LEGENDS, denominations });
    const { user } = renderGame();
    await screen.findByRole('group', { name: 'Выберите номинал' });
    await user.click(tile('86 алмазов'));
    await fillAccount(user, '512345678', '2001');
    await user.click(topUpButton());
    const { state } = await navigatedTo();
    expect(state).toMatchObject({ topupData: MOBILE_LEGENDS_TOPUP, topupSale: [{ price_usd: 1.51, price_rub: 120.4, sale }] });
  });

  test('a game with a server to choose and no player check goes straight to checkout', async () => {
    serveGame(GENSHIN_IMPACT);
    const { user } = renderGame(GENSHIN_IMPACT);
    await screen.findByRole('heading', { name: 'Genshin Impact', level: 1 });
    expect(screen.queryByRole('button', { name: 'Найти игрока' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('UID')).toHaveAccessibleDescription('9 цифр');
    expect(screen.getByLabelText('Ник (необязательно)')).toBeInTheDocument();
    const serverSelect = screen.getByLabelText('Сервер');
    expect(within(serverSelect).getAllByRole('option').map((option) => option.textContent)).toEqual(['Выберите…', 'Европа', 'Азия']);

    await user.type(screen.getByLabelText('UID'), '700123456');
    await user.selectOptions(serverSelect, 'Азия');
    await user.click(tile('Благословение полой луны'));
    expect(textOf(screen.getByRole('region', { name: 'Ваш заказ' }))).toContain('СерверАзия');
    await user.click(topUpButton());
    const { path, state } = await navigatedTo();
    expect(path).toBe('/checkout');
    expect(state).toMatchObject({
      topupData: { service: 'genshin-impact', offer_id: 8, offer_name: 'Благословение полой луны', fields: { uid: '700123456', server: 'os_asia' } },
      topupLabels: { game: 'Genshin Impact', details: [{ label: 'UID', value: '700123456' }, { label: 'Сервер', value: 'Азия' }] },
    });
  });

  test('a visitor is asked to sign in and comes back to the page afterwards', async () => {
    serveGame();
    const { user } = renderGame(MOBILE_LEGENDS, { signedIn: false });
    await screen.findByRole('group', { name: 'Выберите номинал' });
    await user.click(tile('86 алмазов'));
    await user.click(topUpButton());
    expect(await navigatedTo()).toEqual({ path: '/login', state: { from: '/products/mobile-legends' } });
    expect(screen.getByText('Войдите, чтобы пополнить Mobile Legends.')).toBeInTheDocument();
  });
});
