import type { Knex } from 'knex';
import { fromMinor } from '@topup/common';
import {
  REQUIRED_FREEFIRE_FIELDS,
  type CreateFreefireDenominationBody,
  type FreefireDenomination,
  type ListQuery,
  type UpdateFreefireDenominationBody,
} from '@topup/common/api';
import { auditOf, conflict, isUniqueViolation, minorUnits, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { deleteUnlessInUse } from '../../../lib/admin-crud';
import { notFound, validationFailed } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { translatedFields } from '../../../lib/translations';
import { filterBy, listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import {
  adminFreefireDenominationsDal as dal,
  type ListedFreefireDenomination,
  type FreefireDenominationColumns,
} from './freefire-denominations.dal';
import type { CatalogueChanges } from '../../catalogue/catalogue-changes';
import type { SandboxSupplyGuard } from '../../suppliers/sandbox-supply';
import { mergedTranslations } from '../../games/games.dal';

/**
 * A Free Fire offer with the specification's field names (common/src/api/admin-freefire.ts); `price` is USD.
 * A view over the game's denominations: `id` is the offer's legacy id.
 */
export type AdminFreefireDenomination = Dated<FreefireDenomination, 'created_at'>;

export const FREEFIRE_DENOMINATIONS_LIST: ListSpec = {
  resource: 'denominations',
  sortable: {
    id: 'fd.id',
    name: 'fd.name',
    item_id: 'fd.item_id',
    price: 'fd.price_usd',
    price_rub: 'fd.price_rub',
    game_amount: 'fd.game_amount',
    is_active: 'fd.is_active',
    created_at: 'fd.created_at',
  },
  defaultSort: ['game_amount', 'ASC'],
  filters: {
    id: typedFilter.ids('id', 'fd.id'),
    q: typedFilter.text('q', filterBy.search('fd.name', { translations: 'fd.translations' })),
    is_active: typedFilter.boolean('is_active', 'fd.is_active'),
  },
};

const TEXTS = translatedFields({ name: 'name' });

const toRecord = (row: ListedFreefireDenomination): AdminFreefireDenomination => ({
  id: row.id,
  name: row.name,
  translations: TEXTS.toRecord(row.translations),
  item_id: row.item_id,
  price: fromMinor(row.price_usd),
  price_rub: fromMinor(row.price_rub),
  game_amount: row.game_amount,
  is_active: row.is_active,
  created_at: row.created_at,
});

/**
 * The required fields among `fields` that are missing (on create) or emptied (null, blank): the
 * specification's "Please fill in all required fields", with the fields named.
 */
function assertFilledIn(fields: UpdateFreefireDenominationBody, creating: boolean): void {
  const missing = REQUIRED_FREEFIRE_FIELDS.filter((field) => {
    const value = fields[field];
    if (value === undefined) return creating;
    return value === null || (typeof value === 'string' && value.trim() === '');
  });
  if (missing.length > 0) {
    throw validationFailed(
      'Please fill in all required fields',
      missing.map((field) => ({ field, message: 'is required' })),
    );
  }
}

/** The unit's translations of a new offer. */
const DIAMONDS = { en: { unit: 'diamonds' }, uz: { unit: 'olmos' } };

/**
 * The fields sent as columns; translations sent are merged into the `current` offer's (none on a create),
 * keeping the unit's translations.
 */
function toColumns(fields: UpdateFreefireDenominationBody, current?: ListedFreefireDenomination): FreefireDenominationColumns {
  const prices = minorUnits({ price: fields.price ?? undefined, price_rub: fields.price_rub ?? undefined });
  const columns: FreefireDenominationColumns = {};
  if (fields.translations !== undefined) {
    const texts = TEXTS.toRow(fields.translations, current && TEXTS.toRecord(current.translations));
    columns.translations = mergedTranslations(current?.translations ?? DIAMONDS, texts, ['name']);
  } else if (!current) {
    columns.translations = DIAMONDS;
  }
  if (typeof fields.name === 'string') columns.name = fields.name.trim();
  if (typeof fields.item_id === 'number') columns.item_id = fields.item_id;
  if (prices.price !== undefined) columns.price_usd = prices.price;
  if (prices.price_rub !== undefined) columns.price_rub = prices.price_rub;
  if (typeof fields.game_amount === 'number') columns.amount = fields.game_amount;
  if (fields.is_active !== undefined) columns.active = fields.is_active;
  return columns;
}

export function createAdminFreefireDenominationsService(deps: { db: Knex; catalogueChanges: CatalogueChanges; supplyGuard: SandboxSupplyGuard }) {
  const { db, catalogueChanges, supplyGuard } = deps;

  /** Runs a write, turning an item id already in use into 409. */
  async function writing<T>(itemId: number | null | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'game_denominations_offer_unique')) {
        throw conflict(`The item id ${itemId} is already used by another offer`, { field: 'item_id' });
      }
      throw error;
    }
  }

  return {
    async list(query: ListQuery) {
      const list = parseListQuery(query, FREEFIRE_DENOMINATIONS_LIST);
      const page = await listPage<ListedFreefireDenomination>(dal.records(db), FREEFIRE_DENOMINATIONS_LIST, list, 'fd.id');
      return { rows: page.rows.map(toRecord), total: page.total, range: list.range };
    },

    async get(id: number): Promise<AdminFreefireDenomination> {
      const row = await dal.findRecord(db, id);
      if (!row) throw notFound('Free Fire offer');
      return toRecord(row);
    },

    create(actor: AdminActor, fields: CreateFreefireDenominationBody): Promise<AdminFreefireDenomination> {
      assertFilledIn(fields, true);
      const columns = toColumns(fields);
      return writing(fields.item_id, () =>
        db.transaction(async (trx) => {
          const after = toRecord(await dal.insert(trx, columns));
          await supplyGuard(trx);
          await recordAudit(trx, { ...auditOf(actor, 'freefire_denomination', 'create', after.id), before: null, after });
          catalogueChanges.everything(trx);
          return after;
        }),
      );
    },

    update(actor: AdminActor, id: number, fields: UpdateFreefireDenominationBody): Promise<AdminFreefireDenomination> {
      assertFilledIn(fields, false);
      return writing(fields.item_id, () =>
        db.transaction(async (trx) => {
          const current = await dal.lock(trx, id);
          if (!current) throw notFound('Free Fire offer');
          const before = toRecord(current);
          const columns = toColumns(fields, current);
          const after = toRecord(Object.keys(columns).length > 0 ? await dal.update(trx, current, columns) : current);
          await supplyGuard(trx);
          await recordAudit(trx, { ...auditOf(actor, 'freefire_denomination', 'update', id), before, after });
          catalogueChanges.everything(trx);
          return after;
        }),
      );
    },

    /** Refused while codes were generated for the offer: deactivate it instead. */
    remove: (actor: AdminActor, id: number): Promise<AdminFreefireDenomination> =>
      deleteUnlessInUse(db, actor, id, {
        entity: 'freefire_denomination',
        label: 'Free Fire offer',
        dal: {
          lock: dal.lock,
          async delete(trx, offerId) {
            catalogueChanges.everything(trx);
            return dal.delete(trx, offerId);
          },
        },
        isInUse: dal.hasGeneratedCodes,
        inUseMessage: 'Codes were generated for this offer, so it cannot be deleted. Deactivate it instead.',
        toRecord,
      }),
  };
}

export type AdminFreefireDenominationsService = ReturnType<typeof createAdminFreefireDenominationsService>;
