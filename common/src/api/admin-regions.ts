import Type, { type Static } from 'typebox';
import { Timestamp } from './contract';
import { crudEndpoints, Ignored } from './admin-crud';
import { TranslatedTexts } from './translations';

const NAME_MAX_LENGTH = 100;
export const RegionTranslations = TranslatedTexts({ name: NAME_MAX_LENGTH });

/** A region as the back office sees it. */
export const AdminRegion = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    translations: RegionTranslations,
    code: Type.String({ description: "Short and unique: 'TR', 'US', 'EU'." }),
    isActive: Type.Boolean(),
    gameCurrency: Type.String({ description: "The game currency's name in this region; '' means each product's own." }),
    flag: Type.String({ description: "An emoji or an image URL; '' shows the global flag." }),
    createdAt: Timestamp,
  },
  { examples: [{ id: 3, name: 'Турция', translations: { en: { name: 'Turkey' }, uz: { name: 'Turkiya' } }, code: 'TR', isActive: true, gameCurrency: 'TL', flag: '🇹🇷', createdAt: '2026-03-01T09:00:00.000Z' }] },
);
export type AdminRegion = Static<typeof AdminRegion>;

const name = Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH, pattern: '\\S' });
const code = Type.String({ minLength: 1, maxLength: 16, pattern: '^\\s*[A-Za-z0-9_-]+\\s*$', description: "Short and unique: 'TR', 'US', 'EU'." });
const optionalFields = {
  translations: Type.Optional(RegionTranslations),
  isActive: Type.Optional(Type.Boolean()),
  gameCurrency: Type.Optional(Type.String({ maxLength: 64 })),
  flag: Type.Optional(
    Type.String({
      maxLength: 2000,
      format: 'emoji-or-web-url',
      description: "An emoji (at most 16 characters, no `:` or `/`), an image address as a product's `imageUrl`, or ''.",
    }),
  ),
};

export const CreateRegionBody = Type.Object(
  { name, code, ...optionalFields },
  { additionalProperties: false, examples: [{ name: 'Turkey', code: 'TR', gameCurrency: 'TL', flag: '🇹🇷' }] },
);
export type CreateRegionBody = Static<typeof CreateRegionBody>;

/** The fields sent are changed; the record's read-only fields are accepted and ignored. */
export const UpdateRegionBody = Type.Object(
  { name: Type.Optional(name), code: Type.Optional(code), ...optionalFields, id: Ignored, createdAt: Ignored },
  { additionalProperties: false, examples: [{ isActive: false }] },
);
export type UpdateRegionBody = Static<typeof UpdateRegionBody>;

export const adminRegionEndpoints = crudEndpoints({
  path: '/admin/regions',
  resource: 'regions',
  tag: 'Back office: regions',
  one: 'a region',
  many: 'regions',
  filters: 'Filters: `q` (name, code), `isActive`. Sort: id, name, code, isActive, createdAt.',
  record: AdminRegion,
  create: CreateRegionBody,
  update: UpdateRegionBody,
  conflicts: { create: 'the code is taken.', update: 'the code is taken.', remove: 'codes or orders use the region: deactivate it instead.' },
});
