import type { Knex } from 'knex';
import { ErrorCode, fromMinor, gameFieldDefinitionProblems } from '@topup/common';
import type {
  AdminGame,
  AdminGameDenomination,
  AdminGameField,
  CreateGameBody,
  CreateGameDenominationBody,
  DenominationSource,
  ListQuery,
  UpdateGameBody,
  UpdateGameDenominationBody,
} from '@topup/common/api';
import { auditOf, conflict, isUniqueViolation, minorUnits, typedFilter, type AdminActor, type Dated } from '../../lib/admin-input';
import { AppError, notFound, validationFailed } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { filterBy, listPage, parseListQuery, type ListSpec } from '../../lib/simple-rest';
import { translatedFields } from '../../lib/translations';
import type { StoredGameField } from '../../models';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';
import type { SandboxSupplyGuard } from '../suppliers/sandbox-supply';
import { cheapestCosts, lossOf, type DenominationCost } from './denomination-costs';
import {
  gamesDal as dal,
  mergedTranslations,
  type DenominationColumns,
  type DenominationRow,
  type GameColumns,
  type GameProductColumns,
  type GameRow,
  type SourceRow,
} from './games.dal';

export type AdminGameRecord = Dated<AdminGame, 'createdAt' | 'updatedAt'>;
export type AdminGameDenominationRecord = Dated<AdminGameDenomination, 'createdAt' | 'updatedAt'>;

export const GAMES_LIST: ListSpec = {
  resource: 'games',
  sortable: { id: 'g.id', slug: 'p.slug', title: 'p.title', active: 'p.active', sortOrder: 'p.sort_order', createdAt: 'g.created_at' },
  defaultSort: ['sortOrder', 'ASC'],
  filters: {
    id: typedFilter.ids('id', 'g.id'),
    q: typedFilter.text('q', filterBy.search('p.title', 'p.slug', 'p.keywords', { translations: 'p.translations' })),
    active: typedFilter.boolean('active', 'p.active'),
  },
};

export const GAME_DENOMINATIONS_LIST: ListSpec = {
  resource: 'game-denominations',
  sortable: {
    sortOrder: 'd.sort_order',
    id: 'd.id',
    amount: 'd.amount',
    name: 'd.name',
    priceUsd: 'd.price_usd',
    priceRub: 'd.price_rub',
    active: 'd.active',
  },
  defaultSort: ['sortOrder', 'ASC'],
  filters: {
    id: typedFilter.ids('id', 'd.id'),
    gameId: typedFilter.reference('gameId', 'd.game_id'),
    active: typedFilter.boolean('active', 'd.active'),
    q: typedFilter.text('q', filterBy.search('d.name', { translations: 'd.translations' })),
  },
};

const GAME_TEXTS = translatedFields({ title: 'title', description: 'description', keywords: 'keywords' });
const LABEL = translatedFields({ label: 'label' });
const DENOMINATION_TEXTS = translatedFields({ name: 'name', unit: 'unit' });
/** What a denomination is delivered from unless the admin says: the game provider. */
const DEFAULT_SOURCES: DenominationSource[] = [{ kind: 'sandbox', priority: 1 }];

const toGameRecord = (row: GameRow): AdminGameRecord => ({
  id: row.id,
  productId: row.product_id,
  slug: row.slug,
  title: row.title,
  description: row.description,
  keywords: row.keywords,
  translations: GAME_TEXTS.toRecord(row.translations),
  imageUrl: row.image_url,
  playerCheck: row.player_check,
  active: row.active,
  sortOrder: row.sort_order,
  pricing: row.pricing,
  fields: row.fields.map((field) => ({
    key: field.key,
    label: field.label,
    translations: LABEL.toRecord(field.translations),
    kind: field.kind,
    pattern: field.pattern,
    required: field.required,
    ...(field.choices ? { choices: field.choices.map((choice) => ({ ...choice, translations: LABEL.toRecord(choice.translations) })) } : {}),
  })),
  denominationCount: row.denomination_count,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The fields as stored: trimmed, translations without blanks, choices only on a select; 400 naming what is wrong. */
function storedFields(fields: readonly AdminGameField[]): StoredGameField[] {
  const stored = fields.map(
    (field): StoredGameField => ({
      key: field.key,
      label: field.label.trim(),
      translations: LABEL.toRow(field.translations ?? {}),
      kind: field.kind,
      pattern: field.pattern?.trim() || null,
      required: field.required,
      ...(field.choices
        ? { choices: field.choices.map((choice) => ({ value: choice.value, label: choice.label.trim(), translations: LABEL.toRow(choice.translations ?? {}) })) }
        : {}),
    }),
  );
  const problems = gameFieldDefinitionProblems(stored);
  if (problems.length > 0) throw validationFailed('The request is not valid', problems);
  return stored;
}

/** The product's columns of the fields sent; `current` is the game's row before an update (none on a create). */
function productColumns(fields: UpdateGameBody, current?: GameRow): GameProductColumns {
  const columns: GameProductColumns = {};
  if (fields.slug !== undefined) columns.slug = fields.slug;
  if (fields.title !== undefined) columns.title = fields.title.trim();
  if (fields.description !== undefined) columns.description = fields.description.trim();
  if (fields.keywords !== undefined) columns.keywords = fields.keywords.trim();
  if (fields.translations !== undefined) {
    // Texts sent replace the current ones; the product's other translations (activation instructions) stay.
    const texts = GAME_TEXTS.toRow(fields.translations, current && GAME_TEXTS.toRecord(current.translations));
    columns.translations = mergedTranslations(current?.translations, texts, ['title', 'description', 'keywords']);
  }
  if (fields.imageUrl !== undefined) columns.image_url = (fields.imageUrl ?? '').trim();
  if (fields.active !== undefined) columns.active = fields.active;
  if (fields.sortOrder !== undefined) columns.sort_order = fields.sortOrder;
  return columns;
}

function gameColumns(fields: UpdateGameBody): GameColumns {
  const columns: GameColumns = {};
  if (fields.fields !== undefined) columns.fields = storedFields(fields.fields);
  if (fields.playerCheck !== undefined) columns.player_check = fields.playerCheck;
  return columns;
}

const toDenominationRecord = (row: DenominationRow, cost: DenominationCost | undefined): AdminGameDenominationRecord => ({
  id: row.id,
  gameId: row.game_id,
  name: row.name,
  unit: row.unit,
  translations: DENOMINATION_TEXTS.toRecord(row.translations),
  amount: row.amount,
  priceUsd: fromMinor(row.price_usd),
  priceRub: fromMinor(row.price_rub),
  itemId: row.item_id,
  active: row.active,
  sortOrder: row.sort_order,
  sources: row.sources.map((source) => ({ kind: source.kind, supplierProductId: source.supplier_product_id, priority: source.priority })),
  availableCodes: row.available_codes,
  sellAtLoss: row.sell_at_loss,
  cheapestCost: { usd: decimalOrNull(cost?.usd), rub: decimalOrNull(cost?.rub) },
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const decimalOrNull = (minor: number | null | undefined) => (minor == null ? null : fromMinor(minor));

/**
 * A denomination written priced below its cheapest source's cost must say it is sold at a loss
 * (docs/architecture.md, "Costs and margins"): 409 PRICE_BELOW_COST otherwise, and the write is undone.
 */
function assertLossConfirmed(row: Pick<DenominationRow, 'price_usd' | 'price_rub' | 'sell_at_loss'>, cost: DenominationCost | undefined): void {
  if (row.sell_at_loss) return;
  const loss = lossOf({ usd: Number(row.price_usd), rub: Number(row.price_rub) }, cost);
  if (loss) {
    throw new AppError(409, ErrorCode.PRICE_BELOW_COST, `The price is below the cheapest source's cost (${loss.currency.toUpperCase()}): confirm selling it at a loss`, {
      currency: loss.currency,
      price: fromMinor(loss.price),
      cost: fromMinor(loss.cost),
    });
  }
}

/**
 * Sources as stored: a supplier product makes a 'supplier' source; 'sandbox' and 'code_stock' at most once,
 * a supplier product at most once, each priority at most once; 400 otherwise (an unknown product is refused
 * by its foreign key).
 */
function checkedSources(sources: readonly DenominationSource[]): SourceRow[] {
  const problems: Array<{ field: string; message: string }> = [];
  const seen = new Set<string>();
  const priorities = new Set<number>();
  const rows = sources.map((source, index): SourceRow => {
    const productId = source.supplierProductId ?? null;
    const kind = productId === null ? source.kind : 'supplier';
    if (kind === undefined || (kind === 'supplier' && productId === null) || (source.kind !== undefined && source.kind !== kind)) {
      problems.push({ field: `sources.${index}`, message: 'names a supplier product (kind supplier) or the kind sandbox or code_stock' });
    }
    const key = productId === null ? String(kind) : `product:${productId}`;
    if (seen.has(key)) problems.push({ field: `sources.${index}`, message: `repeats ${key}` });
    if (priorities.has(source.priority)) problems.push({ field: `sources.${index}.priority`, message: `repeats priority ${source.priority}` });
    seen.add(key);
    priorities.add(source.priority);
    return { kind: kind ?? 'sandbox', priority: source.priority, supplier_product_id: productId };
  });
  if (problems.length > 0) throw validationFailed('The request is not valid', problems);
  return rows.sort((a, b) => a.priority - b.priority);
}

function denominationColumns(fields: UpdateGameDenominationBody, current?: AdminGameDenominationRecord): DenominationColumns {
  const prices = minorUnits({ priceUsd: fields.priceUsd, priceRub: fields.priceRub });
  const columns: DenominationColumns = {};
  if (fields.name !== undefined) columns.name = fields.name.trim();
  if (fields.unit !== undefined) columns.unit = fields.unit.trim();
  if (fields.translations !== undefined) columns.translations = DENOMINATION_TEXTS.toRow(fields.translations, current?.translations);
  if (fields.amount !== undefined) columns.amount = fields.amount;
  if (prices.priceUsd !== undefined) columns.price_usd = prices.priceUsd;
  if (prices.priceRub !== undefined) columns.price_rub = prices.priceRub;
  if (fields.itemId !== undefined) columns.item_id = fields.itemId;
  if (fields.active !== undefined) columns.active = fields.active;
  if (fields.sortOrder !== undefined) columns.sort_order = fields.sortOrder;
  if (fields.sellAtLoss !== undefined) columns.sell_at_loss = fields.sellAtLoss;
  return columns;
}

const slugTaken = (slug: string) => conflict(`The slug "${slug}" is already used by a product or a game`, { field: 'slug' });
const itemIdTaken = () => conflict('This item id already names another denomination of the game', { field: 'itemId' });

/**
 * The back office's games and their denominations (docs/architecture.md, "Games"): every write in one
 * transaction with its audit entry, published to the catalogue once it commits. A game's product is
 * written with it, so the slug is unique across products and games by the products' own constraint.
 */
export function createAdminGamesService(deps: { db: Knex; catalogueChanges: CatalogueChanges; supplyGuard: SandboxSupplyGuard }) {
  const { db, catalogueChanges, supplyGuard } = deps;

  async function game(conn: Knex, id: number): Promise<AdminGameRecord> {
    const row = await dal.findGameRecord(conn, id);
    if (!row) throw notFound('Game');
    return toGameRecord(row);
  }

  /** A denomination as stored, with the cost of its cheapest source. */
  async function denominationRow(conn: Knex, id: number): Promise<{ row: DenominationRow; cost: DenominationCost | undefined }> {
    const row = await dal.findDenominationRecord(conn, id);
    if (!row) throw notFound('Game denomination');
    return { row, cost: (await cheapestCosts(conn, [id])).get(id) };
  }

  async function denomination(conn: Knex, id: number): Promise<AdminGameDenominationRecord> {
    const { row, cost } = await denominationRow(conn, id);
    return toDenominationRecord(row, cost);
  }

  /** The denomination as just written, refused if it sells below cost unconfirmed; `weigh` false skips the check. */
  async function writtenDenomination(trx: Knex.Transaction, id: number, weigh = true): Promise<AdminGameDenominationRecord> {
    const { row, cost } = await denominationRow(trx, id);
    if (weigh) assertLossConfirmed(row, cost);
    return toDenominationRecord(row, cost);
  }

  /** Runs a write, turning a taken slug or item id into 409 whichever check saw it first. */
  async function writing<T>(slug: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (slug !== undefined && isUniqueViolation(error, 'products_slug_unique')) throw slugTaken(slug);
      if (isUniqueViolation(error, 'game_denominations_offer_unique')) throw itemIdTaken();
      throw error;
    }
  }

  return {
    games: {
      async list(query: ListQuery) {
        const list = parseListQuery(query, GAMES_LIST);
        const page = await listPage<GameRow>(dal.gameRecords(db), GAMES_LIST, list, 'g.id');
        return { rows: page.rows.map(toGameRecord), total: page.total, range: list.range };
      },

      get: (id: number) => game(db, id),

      create: (actor: AdminActor, body: CreateGameBody): Promise<AdminGameRecord> =>
        writing(body.slug, () =>
          db.transaction(async (trx) => {
            const fields = storedFields(body.fields);
            const productId = await dal.insertProduct(trx, { ...productColumns(body), slug: body.slug, title: body.title.trim() });
            const id = await dal.insertGame(trx, productId, { fields, player_check: body.playerCheck ?? false });
            const after = await game(trx, id);
            await supplyGuard(trx);
            await recordAudit(trx, { ...auditOf(actor, 'game', 'create', id), before: null, after });
            catalogueChanges.products(trx, [productId]);
            return after;
          }),
        ),

      update: (actor: AdminActor, id: number, body: UpdateGameBody): Promise<AdminGameRecord> =>
        writing(body.slug, () =>
          db.transaction(async (trx) => {
            const locked = await dal.lockGame(trx, id);
            const current = locked && (await dal.findGameRecord(trx, id));
            if (!current) throw notFound('Game');
            const before = toGameRecord(current);
            const product = productColumns(body, current);
            const own = gameColumns(body);
            if (Object.keys(product).length > 0) await dal.updateProduct(trx, locked.product_id, product);
            if (Object.keys(own).length > 0) await dal.updateGame(trx, id, own);
            const after = await game(trx, id);
            await supplyGuard(trx);
            await recordAudit(trx, { ...auditOf(actor, 'game', 'update', id), before, after });
            catalogueChanges.products(trx, [locked.product_id]);
            return after;
          }),
        ),
    },

    denominations: {
      async list(query: ListQuery) {
        const list = parseListQuery(query, GAME_DENOMINATIONS_LIST);
        const page = await listPage<DenominationRow>(dal.denominationRecords(db), GAME_DENOMINATIONS_LIST, list, 'd.id');
        const costs = await cheapestCosts(
          db,
          page.rows.map((row) => row.id),
        );
        return { rows: page.rows.map((row) => toDenominationRecord(row, costs.get(row.id))), total: page.total, range: list.range };
      },

      get: (id: number) => denomination(db, id),

      create: (actor: AdminActor, body: CreateGameDenominationBody): Promise<AdminGameDenominationRecord> =>
        writing(undefined, () =>
          db.transaction(async (trx) => {
            const locked = await dal.lockGame(trx, body.gameId);
            if (!locked) throw validationFailed('The request is not valid', [{ field: 'gameId', message: 'no such game' }]);
            if (locked.pricing === 'amount') throw conflict('This game is priced from the amount the shopper enters: it has no denominations');
            const sources = checkedSources(body.sources ?? DEFAULT_SOURCES);
            const id = await dal.insertDenomination(trx, { ...denominationColumns(body), game_id: body.gameId }, sources);
            const after = await writtenDenomination(trx, id);
            await supplyGuard(trx);
            await recordAudit(trx, { ...auditOf(actor, 'game_denomination', 'create', id), before: null, after });
            catalogueChanges.everything(trx);
            return after;
          }),
        ),

      update: (actor: AdminActor, id: number, body: UpdateGameDenominationBody): Promise<AdminGameDenominationRecord> =>
        writing(undefined, () =>
          db.transaction(async (trx) => {
            const locked = await dal.lockDenomination(trx, id);
            if (!locked) throw notFound('Game denomination');
            const before = await denomination(trx, id);
            const columns = denominationColumns(body, before);
            if (columns.translations) columns.translations = mergedTranslations(locked.translations, columns.translations, ['name', 'unit']);
            if (Object.keys(columns).length > 0) await dal.updateDenomination(trx, id, columns);
            if (body.sources) await dal.replaceSources(trx, id, checkedSources(body.sources));
            const repriced = columns.price_usd !== undefined || columns.price_rub !== undefined || body.sources !== undefined || columns.sell_at_loss === false;
            const after = await writtenDenomination(trx, id, repriced);
            await supplyGuard(trx);
            await recordAudit(trx, { ...auditOf(actor, 'game_denomination', 'update', id), before, after });
            catalogueChanges.everything(trx);
            return after;
          }),
        ),
    },
  };
}

export type AdminGamesService = ReturnType<typeof createAdminGamesService>;
