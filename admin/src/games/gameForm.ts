import { GAME_FIELD_KEY_PATTERN, GAME_SLUG_PATTERN, gameFieldDefinitionProblems, type GameFieldKind } from '@topup/common';
import type { CreateGameBody } from '@topup/common/api';
import { pickFields } from '../components/payload';

/** What a game form saves through `POST` / `PUT /api/admin/games`: the record's read-only fields stay behind. */
export const GAME_FIELDS = [
  'slug',
  'title',
  'description',
  'keywords',
  'translations',
  'imageUrl',
  'playerCheck',
  'active',
  'sortOrder',
  'fields',
] as const;

/** A new game starts with the field nearly every game asks for: the player's id. */
export const NEW_GAME_DEFAULTS = {
  active: true,
  playerCheck: false,
  sortOrder: 0,
  imageUrl: '',
  fields: [{ key: 'player_id', label: 'ID игрока', translations: { en: { label: 'Player ID' }, uz: { label: "O'yinchi ID" } }, kind: 'text', pattern: '', required: true }],
};

type Values = Record<string, unknown>;
/** A field as sent: the pattern always there (null for none), which the shared rules read. */
type FieldPayload = CreateGameBody['fields'][number] & { pattern: string | null };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown): Values[] => (Array.isArray(value) ? (value.filter((item) => item && typeof item === 'object') as Values[]) : []);

/** A field as the API takes it: trimmed, an empty pattern is none, and only a select keeps its choices. */
function fieldPayload(field: Values): FieldPayload {
  const kind = field.kind as GameFieldKind;
  const pattern = typeof field.pattern === 'string' && field.pattern !== '' ? field.pattern : null;
  const translations = field.translations as FieldPayload['translations'];
  return {
    key: text(field.key),
    label: text(field.label),
    ...(translations ? { translations } : {}),
    kind,
    pattern,
    required: field.required === true,
    ...(kind === 'select'
      ? {
          choices: list(field.choices).map((choice) => ({
            value: text(choice.value),
            label: text(choice.label),
            ...(choice.translations ? { translations: choice.translations as FieldPayload['translations'] } : {}),
          })),
        }
      : {}),
  };
}

/** The body of a game save. */
export function gamePayload(values: Values) {
  const payload = pickFields(values, GAME_FIELDS);
  if (typeof payload.slug === 'string') payload.slug = payload.slug.trim();
  if (typeof payload.title === 'string') payload.title = payload.title.trim();
  if (typeof payload.imageUrl === 'string') payload.imageUrl = payload.imageUrl.trim();
  if (payload.fields !== undefined) payload.fields = list(payload.fields).map(fieldPayload);
  return payload;
}

const SLUG = new RegExp(GAME_SLUG_PATTERN);
const KEY = new RegExp(GAME_FIELD_KEY_PATTERN);
/** An http(s) address or a path of the store (`/images/x.svg`, never `//host`), as the API takes it. */
const IMAGE_URL = /^(https?:\/\/\S+|\/(?!\/)\S*)$/;
const REQUIRED = 'ra.validation.required';

/** The message of each rule `gameFieldDefinitionProblems` applies, by the last part of the path it names. */
const DEFINITION_MESSAGES: Record<string, string> = {
  key: 'resources.games.validation.key_repeated',
  pattern: 'resources.games.validation.pattern',
  choices: 'resources.games.validation.choices_required',
  value: 'resources.games.validation.choice_repeated',
};

/** Puts `message` at `path` (`fields.0.choices.1.value`) in the error tree, unless an error is there already. */
function setError(errors: Values, path: string, message: string): void {
  const parts = path.split('.');
  let node: Values = errors;
  parts.slice(0, -1).forEach((part, index) => {
    const next = parts[index + 1] ?? '';
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = /^\d+$/.test(next) ? [] : {};
    node = node[part] as Values;
  });
  const last = parts.at(-1) ?? '';
  node[last] ??= message;
}

/** What the shape alone says of one field: a key of the right form, a label, a kind, a select's choices filled in. */
function fieldShapeErrors(errors: Values, field: Values, index: number): void {
  const at = `fields.${index}`;
  const key = text(field.key);
  if (key === '') setError(errors, `${at}.key`, REQUIRED);
  else if (!KEY.test(key)) setError(errors, `${at}.key`, 'resources.games.validation.key');
  if (text(field.label) === '') setError(errors, `${at}.label`, REQUIRED);
  if (!field.kind) setError(errors, `${at}.kind`, REQUIRED);
  if (field.kind !== 'select') return;
  list(field.choices).forEach((choice, choiceIndex) => {
    const raw = typeof choice.value === 'string' ? choice.value : '';
    const value = `${at}.choices.${choiceIndex}.value`;
    if (raw.trim() === '') setError(errors, value, REQUIRED);
    else if (raw !== raw.trim()) setError(errors, value, 'resources.games.validation.choice_value');
    if (text(choice.label) === '') setError(errors, `${at}.choices.${choiceIndex}.label`, REQUIRED);
  });
}

/**
 * The game form's rules, as the API checks them, so a mistake is marked on its input before saving:
 * a title and a slug, an image address the store takes, and fields of the right shape that pass the
 * store's definition rules (`gameFieldDefinitionProblems`: distinct keys, patterns that compile,
 * selects with distinct choices).
 */
export function validateGame(values: Values): Values {
  const errors: Values = {};
  if (text(values.title) === '') errors.title = REQUIRED;
  const slug = text(values.slug);
  if (slug === '') errors.slug = REQUIRED;
  else if (!SLUG.test(slug)) errors.slug = 'resources.games.validation.slug';
  const imageUrl = text(values.imageUrl);
  if (imageUrl !== '' && !IMAGE_URL.test(imageUrl)) errors.imageUrl = 'resources.games.validation.image_url';
  if (values.sortOrder !== undefined && values.sortOrder !== null && !Number.isSafeInteger(values.sortOrder)) {
    errors.sortOrder = 'resources.games.validation.integer';
  }
  const fields = list(values.fields);
  if (fields.length === 0) {
    errors.fields = 'resources.games.validation.fields_required';
    return errors;
  }
  fields.forEach((field, index) => fieldShapeErrors(errors, field, index));
  for (const problem of gameFieldDefinitionProblems(fields.map(fieldPayload))) {
    const message = DEFINITION_MESSAGES[problem.field.split('.').at(-1) ?? ''];
    if (message) setError(errors, problem.field, message);
  }
  return errors;
}
