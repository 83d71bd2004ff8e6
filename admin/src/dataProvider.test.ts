import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from './dataProvider';

/** The URLs the data provider fetched, answering each with `body` and a Content-Range for lists. */
function recordRequests(body: unknown): string[] {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (request: string | Request) => {
    urls.push(typeof request === 'string' ? request : request.url);
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', 'Content-Range': 'items 0-0/1' } });
  });
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dataProvider', () => {
  it("sends each resource to its own endpoint, whatever the resource's name", async () => {
    const urls = recordRequests([{ id: 'r1' }]);
    const list = await dataProvider.getList('generationRequests', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(list.total).toBe(1);
    expect(urls[0]).toMatch(/^\/api\/admin\/generated-codes\/requests\?/);
  });

  it('keeps the record path after the endpoint', async () => {
    const urls = recordRequests({ id: 5 });
    await dataProvider.getOne('pubgCodes', { id: 5 });
    await dataProvider.delete('freefireCodes', { id: 7 });
    expect(urls).toEqual(['/api/pubg-admin/codes/5', '/api/freefire-admin/denominations/7']);
  });

  it("reads a user's own lists under the user, without the target in the filter, and adds a note there", async () => {
    const urls = recordRequests([{ id: 1 }]);
    const ledger = await dataProvider.getManyReference('userLedger', {
      target: 'userId',
      id: 7,
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: { currency: 'usd' },
    });
    expect(ledger.total).toBe(1);
    const url = new URL(urls[0]!, 'http://store');
    expect(url.pathname).toBe('/api/admin/users/7/ledger');
    expect(Object.fromEntries(url.searchParams)).toEqual({ sort: '["id","DESC"]', range: '[10,19]', filter: '{"currency":"usd"}' });
    await dataProvider.create('userNotes', { data: { userId: 7, note: 'Called back' } });
    expect(urls[1]).toBe('/api/admin/users/7/notes');
  });

  it('refuses a resource the back office does not have', () => {
    expect(() => dataProvider.getOne('nothing', { id: 1 })).toThrow('Unknown back-office resource: nothing');
  });
});
