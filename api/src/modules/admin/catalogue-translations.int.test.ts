import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditCount, auditRowsOf, distinctRandomIntegers, startAdminTestApp } from '../../testing/admin-api';

/** The back office reads and writes each catalogue text in English and Uzbek beside the Russian field. */

const app = startAdminTestApp();
const unique = () => randomBytes(4).toString('hex');
const nextItemId = distinctRandomIntegers(1_000_000, 9_000_000);
const nextUcAmount = distinctRandomIntegers(100_000, 900_000);

/** A translatable resource: its audit entity, where it lives, a valid create body, and its translatable fields' longest texts. */
interface TranslatedResource {
  entity: string;
  path: string;
  create: () => Record<string, unknown>;
  fields: Record<string, number>;
}

const RESOURCES: TranslatedResource[] = [
  {
    entity: 'product',
    path: '/api/admin/products',
    create: () => ({ slug: `p-${unique()}`, title: 'Карта', category: 'gift_card' }),
    fields: { title: 200, description: 5000, keywords: 1000, activationInstructions: 10_000 },
  },
  {
    entity: 'region',
    path: '/api/admin/regions',
    create: () => ({ name: 'Турция', code: `T${unique()}` }),
    fields: { name: 100 },
  },
  {
    entity: 'promotion',
    path: '/api/admin/promotions',
    create: () => ({ text: 'Скидка', backgroundColor: '#112233' }),
    fields: { text: 200 },
  },
  {
    entity: 'freefire_denomination',
    path: '/api/freefire-admin/denominations',
    create: () => ({ name: '100 алмазов', item_id: nextItemId(), price: 1, price_rub: 79, game_amount: 100 }),
    fields: { name: 200 },
  },
  {
    entity: 'pubg_denomination',
    path: '/api/pubg-admin/denominations',
    create: () => ({ ucAmount: nextUcAmount(), name: 'Стартовый', priceUsd: 1, priceRub: 79 }),
    fields: { name: 100 },
  },
];

/** Every field of the resource in one language: `{title: 'en title', …}`. */
const textsIn = (fields: Record<string, number>, text: (field: string) => string) =>
  Object.fromEntries(Object.keys(fields).map((field) => [field, text(field)]));

describe.each(RESOURCES)('$entity translations', ({ entity, path, create, fields }) => {
  it('are created, read back by getOne and getList, merged on update and audited', async () => {
    const english = textsIn(fields, (field) => ` English ${field} `);
    const created = await app.asAdmin('POST', path, { ...create(), translations: { en: english } });
    expect(created.status).toBe(201);
    const trimmedEnglish = textsIn(fields, (field) => `English ${field}`);
    const noUzbek = textsIn(fields, () => '');
    expect(created.body.translations).toEqual({ en: trimmedEnglish, uz: noUzbek });

    // One Uzbek text sent: it is added, everything else stays; a blank English one is removed.
    const [first] = Object.keys(fields) as [string];
    const updated = await app.asAdmin('PUT', `${path}/${created.body.id}`, {
      translations: { uz: { [first]: `O‘zbekcha ${first}` }, en: { [first]: '  ' } },
    });
    expect(updated.status).toBe(200);
    const expected = { en: { ...trimmedEnglish, [first]: '' }, uz: { ...noUzbek, [first]: `O‘zbekcha ${first}` } };
    expect(updated.body.translations).toEqual(expected);
    expect((await app.asAdmin('GET', `${path}/${created.body.id}`)).body.translations).toEqual(expected);
    const list = await app.asAdmin('GET', `${path}?filter=${encodeURIComponent(JSON.stringify({ id: [created.body.id] }))}`);
    expect(list.body[0].translations).toEqual(expected);

    // react-admin sends the whole record back: accepted as it is.
    expect((await app.asAdmin('PUT', `${path}/${created.body.id}`, updated.body)).status).toBe(200);

    const audit = await auditRowsOf(app, entity, created.body.id);
    expect(audit[0]).toMatchObject({ action: `${entity}.create`, after: expect.objectContaining({ translations: created.body.translations }) });
    expect(audit[1]).toMatchObject({
      action: `${entity}.update`,
      before: expect.objectContaining({ translations: created.body.translations }),
      after: expect.objectContaining({ translations: expected }),
    });
  });

  it('are found by the list search in any language, by their texts, never by their field names', async () => {
    const [first] = Object.keys(fields) as [string];
    const word = `kometa${unique()}`;
    const created = await app.asAdmin('POST', path, { ...create(), translations: { uz: { [first]: `Yangi ${word}` } } });
    expect(created.status).toBe(201);
    const search = async (q: string) => {
      const response = await app.asAdmin('GET', `${path}?filter=${encodeURIComponent(JSON.stringify({ q }))}&range=[0,999]`);
      expect(response.status).toBe(200);
      return (response.body as Array<{ id: number }>).map((row) => row.id);
    };
    expect(await search(word.toUpperCase())).toEqual([created.body.id]);
    // The stored keys ("title", "name", "uz") are not texts a row is found by.
    const byFieldName = await search(`"${first === 'activationInstructions' ? 'activation_instructions' : first}"`);
    expect(byFieldName).not.toContain(created.body.id);
  });

  it('refuse an unknown language, an unknown field or a text longer than the field with 400, changing nothing', async () => {
    const created = await app.asAdmin('POST', path, create());
    expect(created.status).toBe(201);
    const [first, maxLength] = Object.entries(fields)[0]!;
    const before = await auditCount(app);
    for (const translations of [
      { de: { [first]: 'Deutsch' } },
      { en: { slug: 'nope' } },
      { en: { [first]: 'x'.repeat(maxLength + 1) } },
      { uz: 'text' },
    ]) {
      const response = await app.asAdmin('PUT', `${path}/${created.body.id}`, { translations });
      expect({ translations, status: response.status, code: response.body.error?.code }).toEqual({
        translations,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    const refusedCreate = await app.asAdmin('POST', path, { ...create(), translations: { ru: { [first]: 'Русский' } } });
    expect(refusedCreate.status).toBe(400);
    expect(await auditCount(app)).toBe(before);
    expect((await app.asAdmin('GET', `${path}/${created.body.id}`)).body.translations).toEqual({
      en: textsIn(fields, () => ''),
      uz: textsIn(fields, () => ''),
    });
  });
});

describe('the shopper’s catalogue after a translation is edited', () => {
  it('shows the new text in its language at once, cached answers of other languages untouched', async () => {
    const created = await app.asAdmin('POST', '/api/admin/products', { slug: `p-${unique()}`, title: 'Карта Комета', category: 'gift_card' });
    const title = async (lang: string) => (await app.request('GET', `/api/products/slug/${created.body.slug}?lang=${lang}`)).body.title;
    expect(await title('en')).toBe('Карта Комета');
    expect(await title('ru')).toBe('Карта Комета');

    await app.asAdmin('PUT', `/api/admin/products/${created.body.id}`, { translations: { en: { title: 'Comet Card' } } });
    await expect.poll(() => title('en')).toBe('Comet Card');
    expect(await title('ru')).toBe('Карта Комета');
    expect(await title('uz')).toBe('Карта Комета');
  });
});
