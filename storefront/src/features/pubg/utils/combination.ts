import { CUSTOM_UC_MAX, pubgCombination } from '@topup/common';
import type { PubgPackage } from '@topup/common/api';

/** The longest custom amount worth typing: one digit more than the maximum, so "too much" can show. */
export const CUSTOM_UC_INPUT_MAX_LENGTH = String(CUSTOM_UC_MAX).length + 1;

/**
 * The automatic combination for a custom UC amount: the largest packages as many
 * times as they fit, then, if some UC is still missing, the smallest package that covers it. One entry
 * per package bought, largest first; empty outside 1..100000 or without packages. The rule itself is
 * shared with the server (`pubgCombination`), so both always agree.
 */
export function combinePackages<P extends Pick<PubgPackage, 'id' | 'uc_amount'>>(packages: readonly P[], amount: number): P[] {
  return pubgCombination(packages, amount);
}

/** The custom amount field keeps digits only (pasted "1 920 UC" becomes "1920"). */
export function sanitizeCustomUc(raw: string): string {
  return raw.replace(/\D+/g, '').slice(0, CUSTOM_UC_INPUT_MAX_LENGTH);
}

/** What typing a custom amount does to the chosen packages. */
export type CustomUcEffect =
  | { kind: 'combine'; amount: number }
  | { kind: 'clear' }
  | { kind: 'keep' };

/** 1..100000: an automatic combination; 0 (or nothing): clear the selection; more: leave it as is. */
export function customUcEffect(digits: string): CustomUcEffect {
  const amount = digits === '' ? 0 : Number(digits);
  if (!Number.isSafeInteger(amount) || amount <= 0) return { kind: 'clear' };
  if (amount > CUSTOM_UC_MAX) return { kind: 'keep' };
  return { kind: 'combine', amount };
}

/**
 * The whole rule for a change of the custom amount: the field's new text and the selection (package
 * ids, one per package bought) that follows from it.
 */
export function applyCustomUc(
  raw: string,
  packages: readonly Pick<PubgPackage, 'id' | 'uc_amount'>[],
  selection: readonly number[],
): { text: string; selection: number[] } {
  const text = sanitizeCustomUc(raw);
  const effect = customUcEffect(text);
  if (effect.kind === 'clear') return { text, selection: [] };
  if (effect.kind === 'keep') return { text, selection: [...selection] };
  return { text, selection: combinePackages(packages, effect.amount).map((pkg) => pkg.id) };
}
