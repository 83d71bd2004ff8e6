// @vitest-environment happy-dom
import { ErrorCode } from '@topup/common';
import { AdminGame, adminGameEndpoints, type CreateGameBody } from '@topup/common/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { on, refuse } from '@topup/common/testing';
import { server } from '../testing/api';
import { renderResourcePage } from '../testing/render';
import { GameCreate } from './GameCreate';

/** The contract's example game, Mobile Legends: player id and zone. */
const MOBILE_LEGENDS = ((AdminGame as { examples?: unknown }).examples as AdminGame[])[0] as AdminGame;

/** The API creating games: each body it was sent, answered as the saved record. */
function serveCreate() {
  const sent: CreateGameBody[] = [];
  server.use(
    on(adminGameEndpoints.create).reply(({ body }) => {
      sent.push(body);
      return { ...MOBILE_LEGENDS, slug: body.slug, title: body.title };
    }),
  );
  return { sent };
}

function renderCreate() {
  return renderResourcePage('games', '/games/create', '/games/create', <GameCreate />);
}

/** The text inputs of one translated text (its fieldset), by language. */
function translated(group: HTMLElement) {
  return {
    ru: within(group).getByLabelText(/^Русский/),
    en: within(group).getByLabelText(/^Английский/),
    uz: within(group).getByLabelText(/^Узбекский/),
  };
}

/** The items of the fields editor, in order. */
const fieldItems = () => screen.getAllByRole('listitem').filter((item) => within(item).queryByLabelText(/^Ключ/) !== null);

type User = ReturnType<typeof renderCreate>['user'];

/**
 * Puts `text` into an input as one change: react-admin redraws the whole form at each event, so typing
 * it key by key, or even clicking into it first, takes seconds over a long form on a busy machine.
 */
async function fill(_user: User, input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await Promise.resolve();
}

/** Makes the field a choice from a list, and waits for the menu to close. */
async function chooseList(user: User, field: HTMLElement) {
  await user.click(within(field).getByRole('combobox', { name: /^Ввод/ }));
  await user.click(await screen.findByRole('option', { name: 'Выбор из списка' }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

/** Saves once the form has settled (the button waits while the form checks its values). */
async function save(user: User) {
  const button = screen.getByRole('button', { name: 'Сохранить' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}

/** The longer walks through the whole form: react-admin redraws it at each input, which a busy machine takes seconds over. */
const FORM_WALK_TIMEOUT_MS = 60_000;

describe('creating a game in the back office', () => {
  test('a game with two fields, their labels in three languages, is sent as the API takes it', async () => {
    const { sent } = serveCreate();
    const { user } = renderCreate();

    const title = translated(await screen.findByRole('group', { name: 'Название' }));
    await fill(user, title.ru, 'Mobile Legends');
    await fill(user, screen.getByLabelText(/^Адрес \(slug\)/), 'mobile-legends');
    await fill(user, translated(screen.getByRole('group', { name: 'Описание' })).en, 'Diamonds by player and zone id');
    await user.click(screen.getByLabelText('Проверка игрока'));

    // A new game starts with the player id field; it gets a pattern, and a zone field is added.
    expect(fieldItems()).toHaveLength(1);
    await fill(user, within(fieldItems()[0]!).getByLabelText('Шаблон'), '^[0-9]{5,12}$');
    await user.click(screen.getByRole('button', { name: 'Добавить поле' }));
    expect(fieldItems()).toHaveLength(2);
    const zone = fieldItems()[1]!;
    await fill(user, within(zone).getByLabelText(/^Ключ/), 'zone_id');
    const zoneLabel = translated(within(zone).getByRole('group', { name: 'Подпись' }));
    await fill(user, zoneLabel.ru, 'Зона');
    await fill(user, zoneLabel.en, 'Zone ID');
    await fill(user, zoneLabel.uz, 'Zona ID');
    await fill(user, within(zone).getByLabelText('Шаблон'), '^[0-9]{1,5}$');
    await user.click(within(zone).getByLabelText('Обязательное'));

    await save(user);
    expect(await screen.findByText('Элемент создан')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        slug: 'mobile-legends',
        title: 'Mobile Legends',
        translations: { en: { description: 'Diamonds by player and zone id' }, uz: {} },
        imageUrl: '',
        playerCheck: true,
        active: true,
        sortOrder: 0,
        fields: [
          {
            key: 'player_id',
            label: 'ID игрока',
            translations: { en: { label: 'Player ID' }, uz: { label: "O'yinchi ID" } },
            kind: 'text',
            pattern: '^[0-9]{5,12}$',
            required: true,
          },
          {
            key: 'zone_id',
            label: 'Зона',
            translations: { en: { label: 'Zone ID' }, uz: { label: 'Zona ID' } },
            kind: 'text',
            pattern: '^[0-9]{1,5}$',
            required: true,
          },
        ],
      },
    ]);
  }, FORM_WALK_TIMEOUT_MS);

  test('a select field takes its choices, each with a label', async () => {
    const { sent } = serveCreate();
    const { user } = renderCreate();
    await fill(user, translated(await screen.findByRole('group', { name: 'Название' })).ru, 'Genshin Impact');
    await fill(user, screen.getByLabelText(/^Адрес \(slug\)/), 'genshin-impact');

    await user.click(screen.getByRole('button', { name: 'Добавить поле' }));
    await waitFor(() => expect(fieldItems()).toHaveLength(2));
    const serverField = fieldItems()[1]!;
    await fill(user, within(serverField).getByLabelText(/^Ключ/), 'server');
    await fill(user, translated(within(serverField).getByRole('group', { name: 'Подпись' })).ru, 'Сервер');
    await chooseList(user, serverField);
    await user.click(within(serverField).getByRole('button', { name: 'Добавить вариант' }));
    await fill(user, within(serverField).getByLabelText(/^Значение/), 'os_euro');
    await fill(user, translated(within(serverField).getAllByRole('group', { name: 'Подпись' })[1]!).ru, 'Европа');

    await save(user);
    expect(await screen.findByText('Элемент создан')).toBeInTheDocument();
    expect(sent[0]?.fields[1]).toEqual({
      key: 'server',
      label: 'Сервер',
      kind: 'select',
      pattern: null,
      required: false,
      translations: { en: {}, uz: {} },
      choices: [{ value: 'os_euro', label: 'Европа', translations: { en: {}, uz: {} } }],
    });
  }, FORM_WALK_TIMEOUT_MS);

  test('mistakes are marked on their inputs and nothing is sent', async () => {
    const { sent } = serveCreate();
    const { user } = renderCreate();
    await screen.findByRole('group', { name: 'Название' });
    await fill(user, screen.getByLabelText(/^Адрес \(slug\)/), 'Mobile Legends');
    await fill(user, within(fieldItems()[0]!).getByLabelText('Шаблон'), '(?=[0-9])');
    await user.click(screen.getByRole('button', { name: 'Добавить поле' }));
    await fill(user, within(fieldItems()[1]!).getByLabelText(/^Ключ/), 'player_id');
    await fill(user, translated(within(fieldItems()[1]!).getByRole('group', { name: 'Подпись' })).ru, 'Ещё раз');
    await chooseList(user, fieldItems()[1]!);

    await save(user);
    expect(await screen.findByText('Используйте строчные латинские буквы, цифры и одиночные дефисы, например mobile-legends')).toBeInTheDocument();
    expect(screen.getByText(/^Магазин не может проверять по такому шаблону/)).toBeInTheDocument();
    expect(screen.getByText('Такой ключ уже есть у другого поля')).toBeInTheDocument();
    expect(screen.getByText('В списке должен быть хотя бы один вариант')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Название' })).getByText('Обязательно для заполнения')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  test("the API's refusal of a slug already taken is shown", async () => {
    server.use(on(adminGameEndpoints.create).reply(() => refuse(409, ErrorCode.CONFLICT, 'The slug mobile-legends is taken by a product or a game')));
    const { user } = renderCreate();
    await fill(user, translated(await screen.findByRole('group', { name: 'Название' })).ru, 'Mobile Legends');
    await fill(user, screen.getByLabelText(/^Адрес \(slug\)/), 'mobile-legends');
    await save(user);
    expect(await screen.findByText('The slug mobile-legends is taken by a product or a game')).toBeInTheDocument();
  });
});
