import type { Knex } from 'knex';
import { fromMinor } from '@topup/common';
import type { CreatePubgDenominationBody, ListQuery, PubgDenomination, UpdatePubgDenominationBody } from '@topup/common/api';
import { auditOf, conflict, minorUnits, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { notFound } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { translatedFields } from '../../../lib/translations';
import { filterBy, listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import {
  adminPubgDenominationsDal as dal,
  type PubgDenominationWithStock,
  type PubgDenominationColumns,
} from './pubg-denominations.dal';
import type { CatalogueChanges } from '../../catalogue/catalogue-changes';
import type { SandboxSupplyGuard } from '../../suppliers/sandbox-supply';
import { mergedTranslations } from '../../games/games.dal';

/** A PUBG UC package as the back office sees it (common/src/api/admin-pubg.ts): a view over the game's denominations. */
export type AdminPubgDenomination = Dated<PubgDenomination, 'created'>;

export const PUBG_DENOMINATIONS_LIST: ListSpec = {
  resource: 'denominations',
  sortable: {
    id: 'd.id',
    ucAmount: 'd.uc_amount',
    priceUsd: 'd.price_usd',
    priceRub: 'd.price_rub',
    active: 'd.active',
    created: 'd.created_at',
  },
  defaultSort: ['ucAmount', 'ASC'],
  filters: {
    id: typedFilter.ids('id', 'd.id'),
    active: typedFilter.boolean('active', 'd.active'),
    // The UC amount, as digits typed: "60" finds 60 and 600.
    q: typedFilter.text('q', filterBy.search('d.uc_amount', 'd.name', { translations: 'd.translations' })),
  },
};

const TEXTS = translatedFields({ name: 'name' });

const toRecord = (row: PubgDenominationWithStock): AdminPubgDenomination => ({
  id: row.id,
  ucAmount: row.uc_amount,
  name: row.name,
  translations: TEXTS.toRecord(row.translations),
  priceUsd: fromMinor(row.price_usd),
  priceRub: fromMinor(row.price_rub),
  active: row.active,
  created: row.created_at,
  availableCodes: row.available_codes,
});

/**
 * The fields sent as columns; translations sent are merged into the `current` record's (none on a create),
 * keeping the unit's translations (`stored`).
 */
function toColumns(fields: UpdatePubgDenominationBody, current?: AdminPubgDenomination, stored?: PubgDenominationWithStock['translations']): PubgDenominationColumns {
  const prices = minorUnits({ priceUsd: fields.priceUsd, priceRub: fields.priceRub });
  const columns: PubgDenominationColumns = {};
  if (fields.ucAmount !== undefined) columns.amount = fields.ucAmount;
  if (fields.name !== undefined) columns.name = fields.name.trim();
  if (fields.translations !== undefined) {
    columns.translations = mergedTranslations(stored ?? { en: { unit: 'UC' }, uz: { unit: 'UC' } }, TEXTS.toRow(fields.translations, current?.translations), ['name']);
  }
  if (prices.priceUsd !== undefined) columns.price_usd = prices.priceUsd;
  if (prices.priceRub !== undefined) columns.price_rub = prices.priceRub;
  if (fields.active !== undefined) columns.active = fields.active;
  return columns;
}

export function createAdminPubgDenominationsService(deps: { db: Knex; catalogueChanges: CatalogueChanges; supplyGuard: SandboxSupplyGuard }) {
  const { db, catalogueChanges, supplyGuard } = deps;

  async function record(conn: Knex, id: number): Promise<AdminPubgDenomination> {
    const row = await dal.findRecord(conn, id);
    if (!row) throw notFound('PUBG package');
    return toRecord(row);
  }

  /** 409 when another package offers this UC amount; the PUBG game is locked, so no write races past it. */
  async function assertAmountFree(trx: Knex.Transaction, ucAmount: number | undefined, exceptId?: number): Promise<void> {
    if (ucAmount !== undefined && (await dal.amountTaken(trx, ucAmount, exceptId))) {
      throw conflict(`A package of ${ucAmount} UC already exists`, { field: 'ucAmount' });
    }
  }

  return {
    async list(query: ListQuery) {
      const list = parseListQuery(query, PUBG_DENOMINATIONS_LIST);
      const page = await listPage<PubgDenominationWithStock>(dal.records(db), PUBG_DENOMINATIONS_LIST, list, 'd.id');
      return { rows: page.rows.map(toRecord), total: page.total, range: list.range };
    },

    get: (id: number) => record(db, id),

    /** The active packages, smallest first. */
    active: async (): Promise<AdminPubgDenomination[]> => (await dal.active(db)).map(toRecord),

    create(actor: AdminActor, fields: CreatePubgDenominationBody): Promise<AdminPubgDenomination> {
      const columns = toColumns(fields);
      return db.transaction(async (trx) => {
        const gameId = await dal.lockPubg(trx);
        await assertAmountFree(trx, fields.ucAmount);
        const id = await dal.insert(trx, gameId, columns);
        const after = await record(trx, id);
        await supplyGuard(trx);
        await recordAudit(trx, { ...auditOf(actor, 'pubg_denomination', 'create', id), before: null, after });
        catalogueChanges.everything(trx);
        return after;
      });
    },

    update(actor: AdminActor, id: number, fields: UpdatePubgDenominationBody): Promise<AdminPubgDenomination> {
      return db.transaction(async (trx) => {
        await dal.lockPubg(trx);
        const stored = (await dal.lock(trx, id)) && (await dal.findRecord(trx, id));
        if (!stored) throw notFound('PUBG package');
        const before = toRecord(stored);
        await assertAmountFree(trx, fields.ucAmount, id);
        const columns = toColumns(fields, before, stored.translations);
        if (Object.keys(columns).length > 0) await dal.update(trx, id, columns);
        const after = await record(trx, id);
        await supplyGuard(trx);
        await recordAudit(trx, { ...auditOf(actor, 'pubg_denomination', 'update', id), before, after });
        catalogueChanges.everything(trx);
        return after;
      });
    },

    /** Deletes the package and its codes, unless one of them is held, sold or tied to an order. */
    remove: (actor: AdminActor, id: number): Promise<AdminPubgDenomination> =>
      db.transaction(async (trx) => {
        if (!(await dal.lock(trx, id))) throw notFound('PUBG package');
        const before = await record(trx, id);
        const codes = await dal.lockCodesCountingOrdered(trx, id);
        if (codes.inOrders > 0) {
          throw conflict(
            `${codes.inOrders} code(s) of this package were used or are held for an order, so it cannot be deleted. Deactivate it instead.`,
          );
        }
        await dal.delete(trx, id);
        await recordAudit(trx, {
          ...auditOf(actor, 'pubg_denomination', 'delete', id),
          before: { ...before, deletedCodes: codes.total },
          after: null,
        });
        catalogueChanges.everything(trx);
        return before;
      }),
  };
}

export type AdminPubgDenominationsService = ReturnType<typeof createAdminPubgDenominationsService>;
