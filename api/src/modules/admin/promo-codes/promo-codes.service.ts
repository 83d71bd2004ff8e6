import type { Knex } from 'knex';
import { fromMinor, hasAtMostTwoDecimals, toMinor } from '@topup/common';
import type { AdminPromoCode as AdminPromoCodeRecord, CreatePromoCodeBody, ListQuery, UpdatePromoCodeBody } from '@topup/common/api';
import { auditOf, conflict, isUniqueViolation, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { notFound, validationFailed } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { filterBy, listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import { adminPromoCodesDal as dal, type ListedPromoCode, type PromoCodeColumns } from './promo-codes.dal';

/** A promo code as the back office sees it (common/src/api/promo-codes.ts). */
export type AdminPromoCode = Dated<AdminPromoCodeRecord, 'createdAt'>;

export const PROMO_CODES_LIST: ListSpec = {
  resource: 'promo-codes',
  sortable: { id: 'id', code: 'code', active: 'active', uses: 'uses', validTo: 'valid_to', createdAt: 'created_at' },
  defaultSort: ['id', 'DESC'],
  filters: {
    id: typedFilter.ids('id', 'id'),
    q: typedFilter.text('q', filterBy.search('code')),
    active: typedFilter.boolean('active', 'active'),
  },
};

const iso = (moment: Date | null) => (moment ? moment.toISOString() : null);

const toRecord = (row: ListedPromoCode): AdminPromoCode => ({
  id: row.id,
  code: row.code,
  discountType: row.discount_type,
  // A percent is kept whole; a fixed sum in minor units of its currency.
  discountValue: row.discount_type === 'percent' ? row.discount_value : fromMinor(row.discount_value),
  currency: row.currency,
  scope: row.scope,
  scopeIds: row.scope_ids,
  minOrder: row.min_order === null ? null : fromMinor(row.min_order),
  validFrom: iso(row.valid_from),
  validTo: iso(row.valid_to),
  usageLimit: row.usage_limit,
  perUserLimit: row.per_user_limit,
  active: row.active,
  uses: row.uses,
  createdAt: row.created_at,
});

type Fields = Omit<CreatePromoCodeBody, 'code'>;

/**
 * The store's rules for a promo code's fields (docs/architecture.md, "Promo codes"), as one 400 naming
 * every field wrong; the columns to write otherwise.
 */
function toColumns(code: string, fields: Fields): PromoCodeColumns {
  const { discountType, discountValue } = fields;
  const currency = fields.currency ?? null;
  const scope = fields.scope ?? 'all';
  const scopeIds = fields.scopeIds ?? [];
  const minOrder = fields.minOrder ?? null;
  const wrong: Array<{ field: string; message: string }> = [];
  const sums = (amount: number) => (currency === 'uzs' ? Number.isInteger(amount) : hasAtMostTwoDecimals(amount));
  if (discountType === 'percent' && !(Number.isInteger(discountValue) && discountValue >= 1 && discountValue <= 100)) {
    wrong.push({ field: 'discountValue', message: 'must be a whole percent from 1 to 100' });
  }
  if (discountType === 'fixed' && currency === null) wrong.push({ field: 'currency', message: 'is required for a fixed discount' });
  if (discountType === 'fixed' && !sums(discountValue)) wrong.push({ field: 'discountValue', message: 'must be a sum of the currency (whole sums in UZS)' });
  if (minOrder !== null && currency === null) wrong.push({ field: 'currency', message: 'is required with a minimum order' });
  if (minOrder !== null && !sums(minOrder)) wrong.push({ field: 'minOrder', message: 'must be a sum of the currency (whole sums in UZS)' });
  if (scope === 'all' && scopeIds.length > 0) wrong.push({ field: 'scopeIds', message: "must be empty for the scope 'all'" });
  if (scope !== 'all' && scopeIds.length === 0) wrong.push({ field: 'scopeIds', message: `must name at least one of the ${scope}` });
  const validFrom = fields.validFrom ? new Date(fields.validFrom) : null;
  const validTo = fields.validTo ? new Date(fields.validTo) : null;
  if (validFrom && validTo && validFrom >= validTo) wrong.push({ field: 'validTo', message: 'must be after validFrom' });
  if (wrong.length > 0) throw validationFailed('The request is not valid', wrong);
  return {
    code,
    discount_type: discountType,
    discount_value: discountType === 'percent' ? discountValue : toMinor(discountValue),
    currency,
    scope,
    scope_ids: scopeIds,
    min_order: minOrder === null ? null : toMinor(minOrder),
    valid_from: validFrom,
    valid_to: validTo,
    usage_limit: fields.usageLimit ?? null,
    per_user_limit: fields.perUserLimit ?? null,
    active: fields.active ?? true,
  };
}

export function createAdminPromoCodesService(deps: { db: Knex }) {
  const { db } = deps;

  return {
    async list(query: ListQuery) {
      const list = parseListQuery(query, PROMO_CODES_LIST);
      const page = await listPage<ListedPromoCode>(dal.records(db), PROMO_CODES_LIST, list);
      return { rows: page.rows.map(toRecord), total: page.total, range: list.range };
    },

    async get(id: number): Promise<AdminPromoCode> {
      const row = await dal.findRecord(db, id);
      if (!row) throw notFound('Promo code');
      return toRecord(row);
    },

    /** Stored upper-case; a code that exists already, in any case, is 409. */
    create: (actor: AdminActor, fields: CreatePromoCodeBody): Promise<AdminPromoCode> =>
      db.transaction(async (trx) => {
        const { code, ...rest } = fields;
        const columns = toColumns(code.toUpperCase(), rest);
        try {
          const after = toRecord(await dal.insert(trx, columns));
          await recordAudit(trx, { ...auditOf(actor, 'promo_code', 'create', after.id), before: null, after });
          return after;
        } catch (err) {
          if (isUniqueViolation(err, 'promo_codes_code_unique')) throw conflict(`The promo code ${columns.code} exists already.`, { field: 'code' });
          throw err;
        }
      }),

    /** The fields sent change; the rules are checked on the code as it would be. */
    update: (actor: AdminActor, id: number, fields: UpdatePromoCodeBody): Promise<AdminPromoCode> =>
      db.transaction(async (trx) => {
        const current = await dal.lock(trx, id);
        if (!current) throw notFound('Promo code');
        const before = toRecord(current);
        const { id: _id, code: _code, uses: _uses, createdAt: _createdAt, ...sent } = fields;
        const { code: _same, ...columns } = toColumns(current.code, {
          discountType: before.discountType,
          discountValue: before.discountValue,
          currency: before.currency,
          scope: before.scope,
          scopeIds: before.scopeIds,
          minOrder: before.minOrder,
          validFrom: before.validFrom,
          validTo: before.validTo,
          usageLimit: before.usageLimit,
          perUserLimit: before.perUserLimit,
          active: before.active,
          ...Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)),
        });
        const after = toRecord(await dal.update(trx, id, columns));
        await recordAudit(trx, { ...auditOf(actor, 'promo_code', 'update', id), before, after });
        return after;
      }),

    /** Only a code no order was placed with; a used one is switched off instead (409). */
    remove: (actor: AdminActor, id: number): Promise<AdminPromoCode> =>
      db.transaction(async (trx) => {
        const current = await dal.lock(trx, id);
        if (!current) throw notFound('Promo code');
        if (!(await dal.delete(trx, id))) throw conflict('Orders were placed with this promo code. Switch it off instead.');
        const before = toRecord(current);
        await recordAudit(trx, { ...auditOf(actor, 'promo_code', 'delete', id), before, after: null });
        return before;
      }),
  };
}

export type AdminPromoCodesService = ReturnType<typeof createAdminPromoCodesService>;
