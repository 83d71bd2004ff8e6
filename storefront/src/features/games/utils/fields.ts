import { gameFieldProblems, normalizedFieldValues, type GameFieldProblem } from '@topup/common';
import type { GameField } from '@topup/common/api';

/** What the shopper typed or chose, by field key. */
export type FieldValues = Record<string, string>;

/** The field values as sent and as a verified player is remembered by: trimmed, empty optional ones left out. */
export function sentValues(fields: readonly GameField[], values: FieldValues): FieldValues {
  return normalizedFieldValues(fields, values);
}

/** One text naming the values, so a check's answer applies to exactly the values it was asked about. */
export function valuesKey(fields: readonly GameField[], values: FieldValues): string {
  return JSON.stringify(sentValues(fields, values));
}

/** Each field's problem (required, digits, a choice, its pattern) by key: empty when the values can be sent. */
export function fieldProblems(fields: readonly GameField[], values: FieldValues): Partial<Record<string, GameFieldProblem>> {
  return Object.fromEntries(gameFieldProblems(fields, sentValues(fields, values)).map(({ key, problem }) => [key, problem]));
}

/**
 * A 400 VALIDATION_FAILED of a player check or a top-up names its fields `fields.<key>` (or
 * `topupData.fields.<key>`) with a problem as its message: those problems by key, for the page to
 * mark on its inputs.
 */
export function serverFieldProblems(details: unknown): Partial<Record<string, GameFieldProblem>> {
  if (!Array.isArray(details)) return {};
  const problems: Partial<Record<string, GameFieldProblem>> = {};
  for (const entry of details as Array<{ field?: unknown; message?: unknown }>) {
    const match = typeof entry?.field === 'string' ? /(?:^|\.)fields\.([a-z][a-z0-9_]*)$/.exec(entry.field) : null;
    if (match?.[1] && typeof entry.message === 'string' && entry.message.startsWith('game_field_')) {
      problems[match[1]] = entry.message as GameFieldProblem;
    }
  }
  return problems;
}

/** A hint the shopper can read for the common digit patterns (`^[0-9]{5,12}$`, `^\d{9}$`, `^[0-9]+$`). */
export type FieldHint =
  | { kind: 'digits' }
  | { kind: 'digits_between'; min: number; max: number }
  | { kind: 'digits_exact'; count: number }
  | { kind: 'digits_at_least'; count: number };

const DIGIT_PATTERN = /^\^?(?:\[0-9\]|\\d)(?:\{(\d+)(?:(,)(\d*))?\}|\+)\$?$/;

/**
 * What a field's pattern asks, when it is one of the common digit patterns; a number field without such
 * a pattern takes digits. Any other pattern gets no hint: the check says when a value does not fit.
 */
export function fieldHint(field: Pick<GameField, 'kind' | 'pattern'>): FieldHint | null {
  const match = field.pattern ? DIGIT_PATTERN.exec(field.pattern) : null;
  if (match) {
    const [, min, comma, max] = match;
    if (min === undefined) return { kind: 'digits' };
    if (comma === undefined) return { kind: 'digits_exact', count: Number(min) };
    if (!max) return { kind: 'digits_at_least', count: Number(min) };
    return { kind: 'digits_between', min: Number(min), max: Number(max) };
  }
  return field.kind === 'number' ? { kind: 'digits' } : null;
}

/** How a value reads back to the shopper: a select's choice by its label, anything else as typed. */
export function displayValue(field: GameField, value: string): string {
  return field.choices?.find((choice) => choice.value === value)?.label ?? value;
}
