import Type, { type Static } from 'typebox';
import { PUBG_CODE_STATUSES } from '../rules';
import { BigIdParams, EmptyObject, endpoint, MAX_INT, Nullable, Strict, StringEnum, Timestamp } from './contract';
import { BulkCodesResult, bulkUploadDescription, crudEndpoints, Ignored, Money } from './admin-crud';
import { CODE_MAX_LENGTH } from './admin-codes';
import { TranslatedTexts } from './translations';

const NAME_MAX_LENGTH = 100;
/** A package's own name; '' (the default) names it by its UC amount. */
const name = Type.String({ maxLength: NAME_MAX_LENGTH, description: "In Russian; '' names the package by its UC amount." });
export const PubgDenominationTranslations = TranslatedTexts({ name: NAME_MAX_LENGTH });

/** A UC package. */
export const PubgDenomination = Type.Object(
  {
    id: Type.Integer(),
    ucAmount: Type.Integer({ description: 'Unique.' }),
    name,
    translations: PubgDenominationTranslations,
    priceUsd: Type.Number(),
    priceRub: Type.Number(),
    active: Type.Boolean(),
    created: Timestamp,
    availableCodes: Type.Integer({ description: 'Codes of it on sale now.' }),
  },
  { examples: [{ id: 2, ucAmount: 325, name: '', translations: { en: { name: '' }, uz: { name: '' } }, priceUsd: 4.99, priceRub: 449, active: true, created: '2026-03-01T09:00:00.000Z', availableCodes: 120 }] },
);
export type PubgDenomination = Static<typeof PubgDenomination>;

const ucAmount = Type.Integer({ minimum: 1, maximum: MAX_INT });

export const CreatePubgDenominationBody = Type.Object(
  {
    ucAmount,
    name: Type.Optional(name),
    translations: Type.Optional(PubgDenominationTranslations),
    priceUsd: Money,
    priceRub: Money,
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, examples: [{ ucAmount: 325, priceUsd: 4.99, priceRub: 449 }] },
);
export type CreatePubgDenominationBody = Static<typeof CreatePubgDenominationBody>;

/** The fields sent are changed; the record's read-only fields are accepted and ignored. */
export const UpdatePubgDenominationBody = Type.Object(
  {
    ucAmount: Type.Optional(ucAmount),
    name: Type.Optional(name),
    translations: Type.Optional(PubgDenominationTranslations),
    priceUsd: Type.Optional(Money),
    priceRub: Type.Optional(Money),
    active: Type.Optional(Type.Boolean()),
    id: Ignored,
    created: Ignored,
    availableCodes: Ignored,
  },
  { additionalProperties: false, examples: [{ priceUsd: 5.49, priceRub: 499 }] },
);
export type UpdatePubgDenominationBody = Static<typeof UpdatePubgDenominationBody>;

/** A UC code. */
export const PubgCode = Type.Object(
  {
    id: Type.Integer(),
    denominationId: Type.Integer(),
    code: Type.String({ description: 'Masked: the first 3 and last 4 characters of a code of 12 or more, else the last 4.' }),
    ucAmount: Type.Integer(),
    priceUsd: Type.Number(),
    priceRub: Type.Number(),
    status: StringEnum(PUBG_CODE_STATUSES),
    errorMessage: Nullable(Type.String({ description: 'Why the game refused it, for a code in error.' })),
    created: Timestamp,
    denomination: Type.Object({ id: Type.Integer(), ucAmount: Type.Integer() }),
  },
  {
    examples: [
      {
        id: 9001,
        denominationId: 2,
        code: 'UC7••••••QX7P',
        ucAmount: 325,
        priceUsd: 4.99,
        priceRub: 449,
        status: 'available',
        errorMessage: null,
        created: '2026-03-01T09:00:00.000Z',
        denomination: { id: 2, ucAmount: 325 },
      },
    ],
  },
);
export type PubgCode = Static<typeof PubgCode>;

const denominationId = Type.Integer({ minimum: 1, maximum: MAX_INT });

export const CreatePubgCodeBody = Type.Object(
  { denominationId, code: Type.String({ minLength: 1, maxLength: CODE_MAX_LENGTH, pattern: '^\\s*[^\\s,]+\\s*$' }) },
  { additionalProperties: false, examples: [{ denominationId: 2, code: 'UC325-8KQ2-QX7P' }] },
);
export type CreatePubgCodeBody = Static<typeof CreatePubgCodeBody>;

/**
 * Moves an available code to another package. The record's other fields are accepted and ignored, so a form
 * can send back the record it loaded; the code itself never changes (delete it and add it anew).
 */
export const UpdatePubgCodeBody = Type.Object(
  {
    denominationId: Type.Optional(denominationId),
    id: Ignored,
    code: Ignored,
    ucAmount: Ignored,
    priceUsd: Ignored,
    priceRub: Ignored,
    status: Ignored,
    errorMessage: Ignored,
    created: Ignored,
    denomination: Ignored,
  },
  { additionalProperties: false, examples: [{ denominationId: 3 }] },
);
export type UpdatePubgCodeBody = Static<typeof UpdatePubgCodeBody>;

export const BulkPubgCodesBody = Type.Object(
  { denominationId, codes: Type.String({ description: 'One code a line.' }) },
  { additionalProperties: false, examples: [{ denominationId: 2, codes: 'UC325-8KQ2-QX7P\nUC325-M3ZD-44RT' }] },
);
export type BulkPubgCodesBody = Static<typeof BulkPubgCodesBody>;

/** The streamed form's target, in the query. */
export const BulkPubgCodesQuery = Strict({ denominationId });

export const SellPubgCodesAsCodesBody = Type.Object(
  {
    denominationId,
    productId: Type.Integer({ minimum: 1, maximum: MAX_INT, description: 'A gift-code product (not a game page): the codes become its global codes.' }),
  },
  { additionalProperties: false, examples: [{ denominationId: 2, productId: 9 }] },
);
export type SellPubgCodesAsCodesBody = Static<typeof SellPubgCodesAsCodesBody>;

export const SoldAsCodesResult = Type.Object(
  {
    moved: Type.Integer({ minimum: 0, description: 'Available codes of the package now sold as codes of the product.' }),
    skipped: Type.Integer({ minimum: 0, description: 'Available codes the product already holds as codes: left as they were.' }),
  },
  { examples: [{ moved: 120, skipped: 0 }] },
);
export type SoldAsCodesResult = Static<typeof SoldAsCodesResult>;

export const adminPubgDenominationEndpoints = {
  active: endpoint({
    method: 'get',
    path: '/pubg-admin/denominations/active',
    auth: 'admin',
    tag: 'Back office: PUBG',
    summary: 'The active UC packages',
    description: 'A plain array, smallest first (no list protocol).',
    query: EmptyObject,
    response: Type.Array(PubgDenomination),
  }),
  ...crudEndpoints({
    path: '/pubg-admin/denominations',
    resource: 'denominations',
    tag: 'Back office: PUBG',
    one: 'a UC package',
    many: 'UC packages',
    filters: 'Filters: `q` (UC amount digits), `active`. Sort: id, ucAmount, priceUsd, priceRub, active, created.',
    record: PubgDenomination,
    create: CreatePubgDenominationBody,
    update: UpdatePubgDenominationBody,
    conflicts: {
      create: 'a package of this UC amount exists.',
      update: 'a package of this UC amount exists.',
      remove: 'a code of the package is used, held or in error (those belong to orders): deactivate it instead. Its other codes go with it.',
    },
  }),
};

export const adminPubgCodeEndpoints = {
  bulk: endpoint({
    method: 'post',
    path: '/pubg-admin/codes/bulk',
    auth: 'admin',
    tag: 'Back office: PUBG',
    summary: 'Load UC codes in bulk',
    description: `One code a line. ${bulkUploadDescription('`?denominationId=`')} Refused lines are answered, not fatal.`,
    query: EmptyObject,
    body: BulkPubgCodesBody,
    response: BulkCodesResult,
    errors: [413],
  }),
  sellAsCodes: endpoint({
    method: 'post',
    path: '/pubg-admin/codes/sell-as-codes',
    auth: 'admin',
    tag: 'Back office: PUBG',
    summary: "Sell a package's codes to shoppers as codes",
    description:
      "Moves the package's available codes into the product's code stock, global, at the package's UC amount and prices: " +
      'shoppers then buy them on the product page and redeem them themselves (no supplier redeems codes a store holds). ' +
      '404 for an unknown package or product; 400 when the product is a game page.',
    body: SellPubgCodesAsCodesBody,
    response: SoldAsCodesResult,
    errors: [404],
  }),
  ...crudEndpoints({
    path: '/pubg-admin/codes',
    resource: 'codes',
    tag: 'Back office: PUBG',
    one: 'a UC code',
    many: 'UC codes (masked)',
    filters: 'Filters: `denominationId`, `status`, `q` (an exact code, matched by its hash). Sort: id, denominationId, ucAmount, status, created.',
    record: PubgCode,
    create: CreatePubgCodeBody,
    update: UpdatePubgCodeBody,
    params: BigIdParams,
    conflicts: { create: 'the code is already stored.', update: 'the code is not available.', remove: 'the code is not available.' },
  }),
};
