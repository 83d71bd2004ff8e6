import { RE2JS } from 're2js';

/*
 * The fields a shopper fills to top up a game (player id, zone, server, login), declared per game by the
 * back office (docs/architecture.md, "Games"). The rules are here once: the API checks a game's
 * definition when an admin saves it and a shopper's values before a player check or an order, and the
 * storefront checks the same values as they are typed.
 */

/** How a field is typed: free text, digits only, or one of a list of choices (servers). */
export const GAME_FIELD_KINDS = ['text', 'number', 'select'] as const;
export type GameFieldKind = (typeof GAME_FIELD_KINDS)[number];

/** A field's key: what `topupData.fields` names it by. */
export const GAME_FIELD_KEY_PATTERN = '^[a-z][a-z0-9_]{0,31}$';
/** A game's slug, shared with products: the storefront address /products/<slug>. */
export const GAME_SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

export const GAME_FIELDS_MAX = 8;
export const GAME_FIELD_CHOICES_MAX = 100;
export const GAME_FIELD_LABEL_MAX_LENGTH = 100;
export const GAME_FIELD_PATTERN_MAX_LENGTH = 300;
/** A field's value, the account credited among them (a player id, a Steam login: `player_id` and `login` repeat it). */
export const GAME_FIELD_VALUE_MAX_LENGTH = 64;

/** A choice of a select field, e.g. a server: the value sent and its label. */
export interface GameFieldChoiceRule {
  value: string;
}

/** What the rules need of a field: its definition, whatever language its labels are in. */
export interface GameFieldRule {
  key: string;
  kind: GameFieldKind;
  /** RE2 syntax (no look-around, no back-references), matched against the whole value; null: any value. */
  pattern: string | null;
  required: boolean;
  choices?: readonly GameFieldChoiceRule[];
}

/** Why a value or a definition is refused: a message key the web apps word in their reader's language. */
export type GameFieldProblem =
  | 'game_field_required'
  | 'game_field_too_long'
  | 'game_field_not_a_number'
  | 'game_field_not_a_choice'
  | 'game_field_pattern_mismatch'
  | 'game_field_unknown';

const DIGITS = /^[0-9]+$/;

/**
 * A field's pattern compiled by RE2's rules (linear time: no input can make it run long), or the reason it
 * cannot be: an admin's pattern never blocks the API or a shopper's browser. Anchored at both ends.
 */
export function compileFieldPattern(pattern: string): { matches: (value: string) => boolean } | { error: string } {
  if (pattern.length > GAME_FIELD_PATTERN_MAX_LENGTH) return { error: `must be at most ${GAME_FIELD_PATTERN_MAX_LENGTH} characters` };
  try {
    const compiled = RE2JS.compile(pattern);
    return { matches: (value: string) => compiled.matches(value) };
  } catch (err) {
    return { error: `is not a valid pattern: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** What is wrong with one value of a field ('' is no value), or undefined when it is fine. */
export function gameFieldProblem(field: GameFieldRule, raw: string | undefined): GameFieldProblem | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return field.required ? 'game_field_required' : undefined;
  if (value.length > GAME_FIELD_VALUE_MAX_LENGTH) return 'game_field_too_long';
  if (field.kind === 'number' && !DIGITS.test(value)) return 'game_field_not_a_number';
  if (field.kind === 'select' && !(field.choices ?? []).some((choice) => choice.value === value)) return 'game_field_not_a_choice';
  if (field.pattern !== null && field.pattern !== '') {
    const compiled = compileFieldPattern(field.pattern);
    if ('error' in compiled || !compiled.matches(value)) return 'game_field_pattern_mismatch';
  }
  return undefined;
}

/**
 * Every problem with a shopper's values for a game's fields, by key: a field missing or malformed, or a
 * key the game does not ask for. Empty when the values can be sent.
 */
export function gameFieldProblems(fields: readonly GameFieldRule[], values: Readonly<Record<string, string>>): Array<{ key: string; problem: GameFieldProblem }> {
  const problems: Array<{ key: string; problem: GameFieldProblem }> = [];
  for (const field of fields) {
    const problem = gameFieldProblem(field, values[field.key]);
    if (problem) problems.push({ key: field.key, problem });
  }
  const known = new Set(fields.map((field) => field.key));
  for (const key of Object.keys(values)) if (!known.has(key)) problems.push({ key, problem: 'game_field_unknown' });
  return problems;
}

/** The values as sent on: trimmed, empty optional ones left out, in the game's order of fields. */
export function normalizedFieldValues(fields: readonly GameFieldRule[], values: Readonly<Record<string, string>>): Record<string, string> {
  const normalized: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.key] ?? '').trim();
    if (value !== '') normalized[field.key] = value;
  }
  return normalized;
}

/**
 * What is wrong with a game's list of fields as an admin wrote it (`fields.<index>.<what>`), or empty: keys
 * unique, patterns compile, a select has choices with distinct values and only a select has them.
 */
export function gameFieldDefinitionProblems(fields: ReadonlyArray<GameFieldRule & { choices?: readonly GameFieldChoiceRule[] }>): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    const at = `fields.${index}`;
    if (seen.has(field.key)) problems.push({ field: `${at}.key`, message: `repeats the key ${field.key}` });
    seen.add(field.key);
    if (field.pattern !== null && field.pattern !== '') {
      const compiled = compileFieldPattern(field.pattern);
      if ('error' in compiled) problems.push({ field: `${at}.pattern`, message: compiled.error });
    }
    const choices = field.choices ?? [];
    if (field.kind === 'select') {
      if (choices.length === 0) problems.push({ field: `${at}.choices`, message: 'a select needs at least one choice' });
      const values = new Set<string>();
      choices.forEach((choice, choiceIndex) => {
        if (values.has(choice.value)) problems.push({ field: `${at}.choices.${choiceIndex}.value`, message: `repeats the value ${choice.value}` });
        values.add(choice.value);
      });
    } else if (choices.length > 0) {
      problems.push({ field: `${at}.choices`, message: 'only a select has choices' });
    }
  });
  return problems;
}
