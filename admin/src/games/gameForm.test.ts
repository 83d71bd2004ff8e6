import { describe, expect, it } from 'vitest';
import { gamePayload, validateGame } from './gameForm';

const playerId = { key: 'player_id', label: 'ID игрока', kind: 'text', pattern: '^[0-9]{5,12}$', required: true };
const server = {
  key: 'server',
  label: 'Сервер',
  kind: 'select',
  pattern: '',
  required: true,
  choices: [
    { value: 'eu', label: 'Европа', translations: { en: { label: 'Europe' } } },
    { value: 'asia', label: 'Азия' },
  ],
};
const game = { title: 'Genshin Impact', slug: 'genshin-impact', imageUrl: '', sortOrder: 0, fields: [playerId, server] };

describe('the game form', () => {
  it('accepts a well-formed game', () => {
    expect(validateGame(game)).toEqual({});
  });

  it('marks a missing title, a malformed slug and an image address the store refuses', () => {
    expect(validateGame({ ...game, title: ' ', slug: 'Genshin Impact', imageUrl: '//cdn.example/x.png' })).toEqual({
      title: 'ra.validation.required',
      slug: 'resources.games.validation.slug',
      imageUrl: 'resources.games.validation.image_url',
    });
    expect(validateGame({ ...game, imageUrl: 'https://cdn.example/x.png' })).toEqual({});
    expect(validateGame({ ...game, imageUrl: '/images/genshin.svg' })).toEqual({});
  });

  it('asks for a field at least', () => {
    expect(validateGame({ ...game, fields: [] })).toEqual({ fields: 'resources.games.validation.fields_required' });
  });

  it('marks a repeated key, a malformed key, a pattern that does not compile and a select without choices', () => {
    const errors = validateGame({
      ...game,
      fields: [
        playerId,
        { ...playerId, label: 'Ещё раз' },
        { ...playerId, key: 'Zone ID', pattern: '(?=lookahead)' },
        { ...server, choices: [] },
      ],
    });
    expect(errors.fields).toEqual([
      undefined,
      { key: 'resources.games.validation.key_repeated' },
      { key: 'resources.games.validation.key', pattern: 'resources.games.validation.pattern' },
      { choices: 'resources.games.validation.choices_required' },
    ]);
  });

  it("marks a select's repeated, padded or missing choice values and labels", () => {
    const errors = validateGame({
      ...game,
      fields: [playerId, { ...server, choices: [{ value: 'eu', label: 'Европа' }, { value: 'eu', label: '' }, { value: ' asia', label: 'Азия' }] }],
    });
    expect((errors.fields as unknown[])[1]).toEqual({
      choices: [undefined, { value: 'resources.games.validation.choice_repeated', label: 'ra.validation.required' }, { value: 'resources.games.validation.choice_value' }],
    });
  });

  it('sends the fields as the API takes them: trimmed, no empty pattern, choices on a select only', () => {
    const payload = gamePayload({
      ...game,
      id: 4,
      productId: 31,
      denominationCount: 2,
      slug: ' genshin-impact ',
      imageUrl: ' ',
      fields: [{ ...playerId, key: ' uid ', pattern: '', choices: [{ value: 'left over', label: 'x' }] }, server],
    });
    expect(payload).toEqual({
      title: 'Genshin Impact',
      slug: 'genshin-impact',
      imageUrl: '',
      sortOrder: 0,
      fields: [
        { key: 'uid', label: 'ID игрока', kind: 'text', pattern: null, required: true },
        {
          key: 'server',
          label: 'Сервер',
          kind: 'select',
          pattern: null,
          required: true,
          choices: [
            { value: 'eu', label: 'Европа', translations: { en: { label: 'Europe' } } },
            { value: 'asia', label: 'Азия' },
          ],
        },
      ],
    });
  });
});
