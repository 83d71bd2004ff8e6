import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { prepared, sendStatementsUnnamed } from './postgres';

/** Builders need no connection to show the SQL and options they would send. */
const pool = () => knexFactory({ client: 'pg' });

describe('prepared', () => {
  it('names a builder and a raw query, so pg prepares each once per connection', () => {
    const db = pool();
    expect(prepared('users.one', db('users').where({ id: 1 })).toSQL().options).toEqual({ name: 'users.one' });
    expect(prepared('one', db.raw('SELECT ?', [1])).toSQL().options).toEqual({ name: 'one' });
  });

  it('leaves them unnamed on a pool sent through a pooler in transaction mode, and on its clones', () => {
    const db = pool();
    sendStatementsUnnamed(db);
    expect(prepared('users.one', db('users').where({ id: 1 })).toSQL().options).toEqual({});
    expect(prepared('one', db.raw('SELECT ?', [1])).toSQL().options).toEqual({});
    const clone = db.withUserParams({ outboxDispatcher: () => undefined });
    expect(prepared('users.one', clone('users').where({ id: 1 })).toSQL().options).toEqual({});
    expect(prepared('users.one', pool()('users')).toSQL().options).toEqual({ name: 'users.one' });
  });
});
