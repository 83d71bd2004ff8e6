import Type, { type Static } from 'typebox';
import { CODE_MAX_LENGTH } from '../column-limits';
import { CODE_STATUSES } from '../rules';
import { BigIdParams, EmptyObject, endpoint, MAX_INT, Nullable, Strict, StringEnum, Timestamp } from './contract';
import { BulkCodesResult, bulkUploadDescription, crudEndpoints, Ignored, Money } from './admin-crud';

export { CODE_MAX_LENGTH };

/** A manual activation code as the back office sees it. */
export const AdminCode = Type.Object(
  {
    id: Type.Integer(),
    productId: Type.Integer(),
    productTitle: Type.String(),
    regionId: Nullable(Type.Integer({ description: 'null: a global code, valid in every region.' })),
    regionName: Nullable(Type.String()),
    code: Type.String({ description: 'Masked: the first 3 and last 4 characters of a code of 12 or more, else the last 4.' }),
    gameAmount: Type.Integer(),
    priceUsd: Type.Number(),
    priceRub: Type.Number(),
    status: StringEnum(CODE_STATUSES),
    popular: Type.Boolean(),
    orderId: Nullable(Type.Integer()),
    soldAt: Nullable(Timestamp),
    createdAt: Timestamp,
  },
  {
    examples: [
      {
        id: 5012,
        productId: 12,
        productTitle: 'Steam Wallet Turkey',
        regionId: 3,
        regionName: 'Turkey',
        code: 'STE••••••AB12',
        gameAmount: 100,
        priceUsd: 4.99,
        priceRub: 449,
        status: 'available',
        popular: true,
        orderId: null,
        soldAt: null,
        createdAt: '2026-03-01T09:00:00.000Z',
      },
    ],
  },
);
export type AdminCode = Static<typeof AdminCode>;

const productId = Type.Integer({ minimum: 1, maximum: MAX_INT });
const regionId = Nullable(Type.Integer({ minimum: 0, maximum: MAX_INT, description: "null or 0: a global code, valid in every region (the product must have hasGlobalCodes); else one of the product's regions." }));
const gameAmount = Type.Integer({ minimum: 1, maximum: MAX_INT });

export const CreateCodeBody = Type.Object(
  {
    productId,
    regionId: Type.Optional(regionId),
    code: Type.String({ minLength: 1, maxLength: CODE_MAX_LENGTH, pattern: '\\S' }),
    priceUsd: Money,
    priceRub: Money,
    gameAmount,
    popular: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, examples: [{ productId: 12, regionId: 3, code: 'STEAM-7K2Q-9XAB12', priceUsd: 4.99, priceRub: 449, gameAmount: 100 }] },
);
export type CreateCodeBody = Static<typeof CreateCodeBody>;

/**
 * Prices, game amount, popular flag and region of an available code. The record's other fields are accepted
 * and ignored, so a form can send back the record it loaded; the code itself never changes.
 */
export const UpdateCodeBody = Type.Object(
  {
    regionId: Type.Optional(regionId),
    priceUsd: Type.Optional(Money),
    priceRub: Type.Optional(Money),
    gameAmount: Type.Optional(gameAmount),
    popular: Type.Optional(Type.Boolean()),
    id: Ignored,
    productId: Ignored,
    productTitle: Ignored,
    regionName: Ignored,
    code: Ignored,
    status: Ignored,
    orderId: Ignored,
    soldAt: Ignored,
    createdAt: Ignored,
  },
  { additionalProperties: false, examples: [{ priceUsd: 5.49, priceRub: 499 }] },
);
export type UpdateCodeBody = Static<typeof UpdateCodeBody>;

/** The JSON form of the bulk upload: the lines in one string, up to the normal body limit. */
export const BulkCodesBody = Type.Object(
  { productId, regionId: Type.Optional(regionId), codes: Type.String({ description: 'One code a line: `code, USD price, RUB price, game amount`.' }) },
  { additionalProperties: false, examples: [{ productId: 12, regionId: 3, codes: 'STEAM-7K2Q-9XAB12, 4.99, 449, 100\nSTEAM-P0LM-3ZCD34, 9.99, 899, 200' }] },
);
export type BulkCodesBody = Static<typeof BulkCodesBody>;

/** The streamed form's target, in the query. */
export const BulkCodesQuery = Strict({ productId, regionId: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_INT })) });

/** The JSON form of a CSV import: the whole file in one string, up to the normal body limit. */
export const CsvCodesBody = Type.Object(
  { codes: Type.String({ description: 'The CSV file: a header line, then one code a line.' }) },
  {
    additionalProperties: false,
    examples: [{ codes: 'product_slug,region,code,price_usd,price_rub,game_amount\nsteam-wallet,TR,STEAM-7K2Q-9XAB12,4.99,449,100\nsteam-wallet,,STEAM-P0LM-3ZCD34,9.99,899,200' }],
  },
);
export type CsvCodesBody = Static<typeof CsvCodesBody>;

/** Which codes an export writes: the list's filters, as the list call takes them. */
export const ExportCodesQuery = Strict({
  filter: Type.Optional(Type.String({ maxLength: 10_000, description: 'JSON object of the list filters (`productId`, `regionId`, `status`, `q`, `id`).' })),
});

export const ExportCodesBody = Type.Object(
  { reason: Type.String({ minLength: 3, maxLength: 500, pattern: '\\S', description: 'Why the codes leave the store; kept in the audit log.' }) },
  { additionalProperties: false, examples: [{ reason: 'Stock moved to the partner store, ticket 4512' }] },
);
export type ExportCodesBody = Static<typeof ExportCodesBody>;

export const adminCodeEndpoints = {
  csvImport: endpoint({
    method: 'post',
    path: '/admin/codes/import',
    auth: 'admin',
    tag: 'Back office: codes',
    summary: 'Load codes from a CSV file',
    description: [
      'The first line names the columns: `code`, `price_usd`, `price_rub`, `game_amount`, and `product_id` or `product_slug`; optionally `region` (a region code such as `TR`; empty or `global` for a global code) and `popular` (true/false). Other columns (those of an export) are ignored, so an exported file loads back.',
      'Two forms. JSON: the file in `codes`, within the normal body limit. Streamed: `Content-Type: text/csv` with the file as the body, read line by line (up to 10 000 000 bytes). Blank lines are skipped; a field may be quoted but not span lines.',
      'One upload is one transaction. A header without the needed columns is a 400; refused lines are answered, not fatal.',
    ].join(' '),
    query: EmptyObject,
    body: CsvCodesBody,
    response: BulkCodesResult,
    errors: [413],
  }),
  csvExport: endpoint({
    method: 'post',
    path: '/admin/codes/export',
    auth: 'admin',
    tag: 'Back office: codes',
    summary: 'Export codes as a CSV file',
    description: [
      'Answers `text/csv` (an attachment), streamed in id order, with the columns `id, product_id, product_slug, region, code, price_usd, price_rub, game_amount, popular, status, order_id, sold_at, created_at`.',
      'Available codes are written in clear: the reason is required, and the audit log records it with the filter and the counts before the file is written. Held and sold codes stay masked, always: they belong to an order, and the order screen is where they are revealed.',
    ].join(' '),
    query: ExportCodesQuery,
    body: ExportCodesBody,
    fileType: 'text/csv',
    response: Type.String({ description: 'The CSV file.', examples: ['id,product_id,product_slug,region,code,price_usd,price_rub,game_amount,popular,status,order_id,sold_at,created_at\n5012,12,steam-wallet,TR,STEAM-7K2Q-9XAB12,4.99,449,100,false,available,,,2026-03-01T09:00:00.000Z'] }),
  }),
  bulk: endpoint({
    method: 'post',
    path: '/admin/codes/bulk',
    auth: 'admin',
    tag: 'Back office: codes',
    summary: 'Load codes in bulk',
    description: `A line is \`code, USD price, RUB price, game amount\`. ${bulkUploadDescription('`?productId=&regionId=`')} Refused lines are answered, not fatal.`,
    query: EmptyObject,
    body: BulkCodesBody,
    response: BulkCodesResult,
    errors: [413],
  }),
  ...crudEndpoints({
    path: '/admin/codes',
    resource: 'codes',
    tag: 'Back office: codes',
    one: 'a code',
    many: 'codes (masked)',
    filters: 'Filters: `productId`, `regionId` (0 = global), `status`, `q` (an exact code, matched by its hash). Sort: id, productId, regionId, gameAmount, priceUsd, priceRub, status, popular, soldAt, createdAt.',
    record: AdminCode,
    create: CreateCodeBody,
    update: UpdateCodeBody,
    params: BigIdParams,
    conflicts: { create: 'the code is already stored.', update: 'the code is sold or held for an order.', remove: 'the code is sold or held for an order.' },
  }),
};
