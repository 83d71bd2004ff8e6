import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dropDatabase, ensureDatabase, migrateLatest, seedDemoData } from '@topup/migrations';
import { createDb } from '../db';
import { createCodeCrypto } from '@topup/server-kit';
import '@topup/server-kit/testing';
import { Balance, CurrencyRate, CurrencySettings, MODELS, Order, Product, GameDenomination, StockCode, User } from './index';

const CODES_KEY = randomBytes(32).toString('hex');
const databaseUrl = (() => {
  const url = new URL(inject('postgresServerUrl'));
  url.pathname = `/topup_t_${inject('runId')}_models_${randomBytes(4).toString('hex')}`;
  return url.toString();
})();

let db: Knex;

/** How a column reads in TypeScript, e.g. 'number', 'Date | null'. */
type ColumnShape = string;

/** pg's data types as the models declare them (bigint is read as a number, see db.ts). */
const SHAPE_OF_DATA_TYPE: Record<string, string> = {
  smallint: 'number',
  integer: 'number',
  bigint: 'number',
  numeric: 'string',
  text: 'string',
  uuid: 'string',
  boolean: 'boolean',
  'timestamp with time zone': 'Date',
  jsonb: 'object',
  // An array column (promo_codes.scope_ids) reads as a JS array.
  ARRAY: 'object',
};

/**
 * Each table's and view's columns as the migrated database has them. A view's columns all say
 * nullable, so for views only the kind of value is compared: the model's declaration decides nullability.
 */
async function columnsInDatabase(): Promise<{ tables: Record<string, Record<string, ColumnShape>>; views: Set<string> }> {
  const rows = await db('information_schema.columns as c')
    .join('information_schema.tables as t', function () {
      this.on('t.table_schema', 'c.table_schema').andOn('t.table_name', 'c.table_name');
    })
    .where('c.table_schema', 'public')
    .whereNot('c.table_name', 'like', 'knex_migrations%')
    .select<Array<{ table_name: string; column_name: string; data_type: string; is_nullable: string; table_type: string }>>(
      'c.table_name',
      'c.column_name',
      'c.data_type',
      'c.is_nullable',
      't.table_type',
    );
  const tables: Record<string, Record<string, ColumnShape>> = {};
  const views = new Set<string>();
  for (const row of rows) {
    const shape = SHAPE_OF_DATA_TYPE[row.data_type] ?? row.data_type;
    if (row.table_type === 'VIEW') views.add(row.table_name);
    const nullable = row.table_type === 'BASE TABLE' && row.is_nullable === 'YES';
    (tables[row.table_name] ??= {})[row.column_name] = nullable ? `${shape} | null` : shape;
  }
  return { tables, views };
}

/** How a declared property's type reads as a column: its kind of value, and whether it may be null. */
function shapeOfType(checker: ts.TypeChecker, type: ts.Type): ColumnShape {
  const members = type.isUnion() ? type.types : [type];
  const kinds = new Set<string>();
  let nullable = false;
  for (const member of members) {
    if (member.flags & ts.TypeFlags.Null) nullable = true;
    else if (member.flags & ts.TypeFlags.NumberLike) kinds.add('number');
    else if (member.flags & ts.TypeFlags.StringLike) kinds.add('string');
    else if (member.flags & ts.TypeFlags.BooleanLike) kinds.add('boolean');
    else if (member.getSymbol()?.getName() === 'Date') kinds.add('Date');
    else if (member.flags & ts.TypeFlags.Object) kinds.add('object');
    else kinds.add(checker.typeToString(member));
  }
  const kind = [...kinds].join(' or ');
  return nullable ? `${kind} | null` : kind;
}

/**
 * Each model's columns as its source declares them: the required `declare`d properties (relations and
 * extras are optional), read with the TypeScript compiler so the test follows the code, not a copy of it.
 */
function columnsInModels(): Record<string, Record<string, ColumnShape>> {
  const indexFile = fileURLToPath(new URL('./index.ts', import.meta.url));
  const program = ts.createProgram([indexFile], {
    strict: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2023,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const tables: Record<string, Record<string, ColumnShape>> = {};
  for (const model of MODELS) {
    const sourceFile = program.getSourceFile(fileURLToPath(new URL(`./${model.name}.ts`, import.meta.url)));
    const declaration = sourceFile?.statements.find(
      (statement): statement is ts.ClassDeclaration => ts.isClassDeclaration(statement) && statement.name?.text === model.name,
    );
    if (!declaration) throw new Error(`${model.name}.ts declares no class ${model.name}`);
    const columns: Record<string, ColumnShape> = {};
    for (const member of declaration.members) {
      const isColumn =
        ts.isPropertyDeclaration(member) &&
        !member.questionToken &&
        !(ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Static);
      if (!isColumn || !ts.isIdentifier(member.name)) continue;
      columns[member.name.text] = shapeOfType(checker, checker.getTypeAtLocation(member));
    }
    tables[model.tableName] = columns;
  }
  return tables;
}

beforeAll(async () => {
  await ensureDatabase(databaseUrl);
  db = createDb(databaseUrl, { min: 0, max: 4 });
  await migrateLatest(db);
  await seedDemoData(db, {
    adminNickname: 'admin',
    adminPassword: 'admin12345',
    shopperNickname: 'shopper',
    shopperPassword: 'shopper12345',
    codesKey: CODES_KEY,
  });
});

afterAll(async () => {
  await db?.destroy();
  await dropDatabase(databaseUrl);
});

describe('models', () => {
  // Type-checks the models with a TypeScript program: CPU-bound, so slow beside the other files running at once.
  it('declare exactly the columns of their table, with the type and nullability it reads as', { timeout: 120_000 }, async () => {
    const { tables: inDatabase, views } = await columnsInDatabase();
    const inModels = columnsInModels();
    // Every table the migrations create has its model, and no model names a table that is not there.
    expect(Object.keys(inModels).sort()).toEqual(Object.keys(inDatabase).sort());
    for (const [table, columns] of Object.entries(inDatabase)) {
      const declared = Object.entries(inModels[table] ?? {}).map(([name, shape]) => [
        name,
        views.has(table) ? shape.replace(/ \| null$/, '') : shape,
      ]);
      expect({ table, columns: Object.fromEntries(declared) }).toEqual({ table, columns });
    }
  });

  it('load a product with its regions and the per-region game currency', async () => {
    const product = await Product.query(db).findOne({ slug: 'steam-gift-card' }).withGraphFetched('regions(byCode)').modifiers({
      byCode: (query) => void query.orderBy('code'),
    });
    expect(product?.has_regions).toBe(true);
    const regions = product?.regions?.map((region) => [region.code, region.game_currency, region.product_game_currency]);
    expect(regions).toEqual([
      ['EU', 'EUR', 'EUR'],
      ['RU', 'RUB', 'RUB'],
      ['TR', 'TRY', 'TRY'],
      ['US', 'USD', null],
    ]);
  });

  it('read money as integers, rates as strings, timestamps as Dates', async () => {
    const shopper = await User.query(db).findOne({ nickname: 'shopper' }).withGraphFetched('balances');
    expect(shopper?.balances?.map((b) => [b.currency, b.amount]).sort()).toEqual([
      ['rub', 800_000],
      ['usd', 10_000],
    ]);
    const rate = await CurrencyRate.query(db).findOne({ from_currency: 'usd', to_currency: 'rub' });
    expect(rate?.rate).toBe('79.000000');
    const settings = await CurrencySettings.query(db).findById(CurrencySettings.SINGLETON_ID);
    expect(settings?.steam_commission_percent).toBe('3.00');
    expect(shopper?.created_at).toBeInstanceOf(Date);
    const balance = await Balance.query(db).findById([shopper!.id, 'usd']);
    expect(balance?.amount).toBe(10_000);
  });

  it('keep the password hash out of JSON', async () => {
    const admin = await User.query(db).findOne({ nickname: 'admin' });
    expect(admin?.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.parse(JSON.stringify(admin))).not.toHaveProperty('password_hash');
  });

  it('refresh updated_at on update', async () => {
    const denomination = await GameDenomination.query(db).findOne({ amount: 60, unit: 'UC' });
    const before = denomination!.updated_at;
    await new Promise((resolve) => setTimeout(resolve, 10));
    await denomination!.$query(db).patch({ active: false });
    const after = await GameDenomination.query(db).findById(denomination!.id);
    expect(after!.updated_at.getTime()).toBeGreaterThan(before.getTime());
    expect(after!.active).toBe(false);
  });

  it('insert an order graph and read it back with its codes', async () => {
    const shopper = await User.query(db).findOne({ nickname: 'shopper' });
    const code = await StockCode.query(db).where({ source: 'generated', status: 'available', published: true }).first();
    const order = await Order.query(db).insertGraph({
      user_id: shopper!.id,
      kind: 'codes',
      payment_method: 'balance',
      currency: 'usd',
      total: code!.price_usd!,
      total_usd: code!.price_usd!,
      rate_usd_rub: '79',
      items: [
        {
          item_type: 'code',
          product_id: code!.product_id!,
          stock_code_id: code!.id,
          game_amount: code!.game_amount!,
          amount: code!.price_usd!,
          price_usd: code!.price_usd!,
          price_rub: code!.price_rub!,
          rate_used: '79',
        },
      ],
    });
    const loaded = await Order.query(db).findById(order.id).withGraphFetched('items.[product, stockCode]');
    expect(loaded?.status).toBe('pending');
    expect(loaded?.items?.[0]?.product?.slug).toBe('freefire');
    const stored = loaded?.items?.[0]?.stockCode?.code_encrypted;
    expect(createCodeCrypto(CODES_KEY).decrypt(stored!)).toMatch(/^DEMO-/);
  });
});
