import type { DenominationSource } from '@topup/common/api';
import { pickFields } from '../components/payload';
import { validatePositiveInteger, validatePrice } from '../components/validators';

/** What a denomination form saves through `POST` / `PUT /api/admin/game-denominations` (the game only on create). */
export const DENOMINATION_FIELDS = [
  'gameId',
  'name',
  'unit',
  'translations',
  'amount',
  'priceUsd',
  'priceRub',
  'itemId',
  'active',
  'sortOrder',
  'sources',
  'sellAtLoss',
] as const;

/** A new denomination is on sale at once, delivered by the game provider. */
export const NEW_DENOMINATION_DEFAULTS = { unit: '', active: true, sortOrder: 0, itemId: null, sources: [{ kind: 'sandbox', priority: 1 }] };

/** Every source a denomination may be delivered from, each named (the type checker finds a new one left out). */
const SOURCE_KINDS: Record<NonNullable<DenominationSource['kind']>, string> = {
  sandbox: 'resources.gameDenominations.source_kind.sandbox',
  code_stock: 'resources.gameDenominations.source_kind.code_stock',
  supplier: 'resources.gameDenominations.source_kind.supplier',
};
export const sourceKindChoices = Object.entries(SOURCE_KINDS).map(([id, name]) => ({ id, name }));

type Values = Record<string, unknown>;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const REQUIRED = 'ra.validation.required';

/** The body of a denomination save: the name and unit trimmed, an emptied offer id as none. */
export function denominationPayload(values: Values) {
  const payload = pickFields(values, DENOMINATION_FIELDS);
  if (typeof payload.name === 'string') payload.name = payload.name.trim();
  if (typeof payload.unit === 'string') payload.unit = payload.unit.trim();
  if (payload.itemId === '') payload.itemId = null;
  if (Array.isArray(payload.sources)) {
    // A row switched away from a supplier's product lets go of the product it named.
    payload.sources = (payload.sources as Values[]).map((source) => ({
      kind: source.kind,
      supplierProductId: source.kind === 'supplier' ? source.supplierProductId : null,
      priority: source.priority,
    }));
  }
  return payload;
}

/** Every source at most once (a supplier's product once each, and named), each priority once, from 1 to 100. */
function validateSources(sources: unknown): Values[] | string | undefined {
  if (!Array.isArray(sources) || sources.length === 0) return REQUIRED;
  const seen = new Set<unknown>();
  const priorities = new Set<unknown>();
  const errors = (sources as Values[]).map((source) => {
    const problems: Values = {};
    const identity = source?.kind === 'supplier' ? `supplier:${String(source.supplierProductId)}` : source?.kind;
    if (isBlank(source?.kind)) problems.kind = REQUIRED;
    else if (source.kind === 'supplier' && isBlank(source.supplierProductId)) problems.supplierProductId = REQUIRED;
    else if (seen.has(identity)) problems.kind = 'resources.gameDenominations.validation.source_repeated';
    seen.add(identity);
    const priority = source?.priority;
    if (isBlank(priority)) problems.priority = REQUIRED;
    else if (!Number.isSafeInteger(priority) || (priority as number) < 1 || (priority as number) > 100) {
      problems.priority = 'resources.gameDenominations.validation.priority';
    } else if (priorities.has(priority)) problems.priority = 'resources.gameDenominations.validation.priority_repeated';
    priorities.add(priority);
    return problems;
  });
  return errors.some((problems) => Object.keys(problems).length > 0) ? errors : undefined;
}

/** The denomination form's rules: a game, a name, a whole amount, both prices, an optional offer id, and its sources. */
export function validateDenomination(values: Values): Values {
  const errors: Values = {};
  if (isBlank(values.gameId)) errors.gameId = REQUIRED;
  if (isBlank(values.name)) errors.name = REQUIRED;
  const checks: Array<[string, (value: unknown) => string | undefined, boolean]> = [
    ['amount', validatePositiveInteger, true],
    ['priceUsd', validatePrice, true],
    ['priceRub', validatePrice, true],
    ['itemId', validatePositiveInteger, false],
  ];
  for (const [field, check, required] of checks) {
    const problem = required && isBlank(values[field]) ? REQUIRED : check(values[field]);
    if (problem) errors[field] = problem;
  }
  if (values.sortOrder !== undefined && values.sortOrder !== null && !Number.isSafeInteger(values.sortOrder)) {
    errors.sortOrder = 'resources.games.validation.integer';
  }
  const sources = validateSources(values.sources);
  if (sources) errors.sources = sources;
  return errors;
}
