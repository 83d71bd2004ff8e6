import { fromMinor, toMinor } from '@topup/common';
import type { PubgPackage } from '@topup/common/api';
import { toAmount } from '../../../lib/currency';

/**
 * Clicking a package toggles it: a chosen package (once or more, after an automatic combination)
 * is removed, any other is added once.
 */
export function togglePackage(selection: readonly number[], packageId: number): number[] {
  return selection.includes(packageId) ? selection.filter((id) => id !== packageId) : [...selection, packageId];
}

export function countOf(selection: readonly number[], packageId: number): number {
  return selection.reduce((count, id) => (id === packageId ? count + 1 : count), 0);
}

export interface SelectionLine {
  package: PubgPackage;
  count: number;
}

export interface SelectionSummary {
  /** One line per distinct package, largest first. */
  lines: SelectionLine[];
  /** The chosen packages, one entry per package bought (ids no longer offered are dropped). */
  packages: PubgPackage[];
  totalUc: number;
  totalUsd: number;
  totalRub: number;
}

/** The chosen packages with their totals; sums are made in minor units so no float error creeps in. */
export function summarizeSelection(selection: readonly number[], packages: readonly PubgPackage[]): SelectionSummary {
  const byId = new Map(packages.map((pkg) => [pkg.id, pkg]));
  const chosen = selection.map((id) => byId.get(id)).filter((pkg): pkg is PubgPackage => pkg !== undefined);
  const counts = new Map<number, SelectionLine>();
  for (const pkg of chosen) {
    const line = counts.get(pkg.id);
    if (line) line.count += 1;
    else counts.set(pkg.id, { package: pkg, count: 1 });
  }
  const lines = [...counts.values()].sort((a, b) => b.package.uc_amount - a.package.uc_amount);
  const sum = (pick: (pkg: PubgPackage) => number) => chosen.reduce((total, pkg) => total + pick(pkg), 0);
  return {
    lines,
    packages: chosen,
    totalUc: sum((pkg) => pkg.uc_amount),
    totalUsd: fromMinor(sum((pkg) => toMinor(toAmount(pkg.price_usd)))),
    totalRub: fromMinor(sum((pkg) => toMinor(toAmount(pkg.price_rub)))),
  };
}

/** Top up now is disabled while busy and until there are packages, an ID and a verified player. */
export function canTopUpPubg({
  busy,
  playerId,
  packageCount,
  verifiedName,
}: {
  busy: boolean;
  playerId: string;
  packageCount: number;
  verifiedName: string | null;
}): boolean {
  return !busy && playerId.trim() !== '' && packageCount > 0 && Boolean(verifiedName);
}
