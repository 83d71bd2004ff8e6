/** The product's limits (lengths, minimums, page sizes, the PUBG quick picks), shared by the API and the web apps. */
export const NICKNAME_MIN_LENGTH = 3;
export const NICKNAME_MAX_LENGTH = 32;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const ADMIN_PASSWORD_MIN_LENGTH = 6;
export const MIN_BALANCE_TOPUP = 5;
export const CUSTOM_UC_MAX = 100_000;
export const PUBG_QUICK_PICKS = [385, 720, 1920] as const;
export const ORDERS_PAGE_SIZE = 6;
export const OPTIONS_PAGE_SIZE = 9;
export const STEAM_COMMISSION_PERCENT_DEFAULT = 3;
/** A rate change larger than this (percent) needs an admin's confirmation; the automatic update refuses it. */
export const RATE_CHANGE_CONFIRM_PERCENT_DEFAULT = 10;

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A support message is open until an admin replies (answered) or closes it; a reopened one is open again. */
export const SUPPORT_MESSAGE_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportMessageStatus = (typeof SUPPORT_MESSAGE_STATUSES)[number];

export const CODE_STATUSES = ['available', 'reserved', 'used'] as const;
export type CodeStatus = (typeof CODE_STATUSES)[number];

export const PUBG_CODE_STATUSES = ['available', 'reserved', 'used', 'error'] as const;
export type PubgCodeStatus = (typeof PUBG_CODE_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'declined', 'expired', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The specification's three games: each keeps its own page and its own topupData shape; any other game is data. */
export const TOPUP_SERVICES = ['freefire', 'pubg', 'steam'] as const;
export type TopupService = (typeof TOPUP_SERVICES)[number];

/** A PUBG package as the combination rule sees it. */
export interface PubgPackageSize {
  id: number;
  uc_amount: number;
}

/**
 * The automatic PUBG combination for a custom UC amount: the largest packages as
 * many times as they fit, then, if some UC is still missing, the smallest package that covers it.
 * Returns the chosen packages (one entry per package bought, largest first); empty when `target` is
 * not 1 to CUSTOM_UC_MAX or there are no packages.
 */
export function pubgCombination<P extends PubgPackageSize>(packages: readonly P[], target: number): P[] {
  const sizes = packages.filter((pkg) => pkg.uc_amount > 0).sort((a, b) => b.uc_amount - a.uc_amount);
  if (!Number.isInteger(target) || target < 1 || target > CUSTOM_UC_MAX || sizes.length === 0) return [];
  const chosen: P[] = [];
  let remaining = target;
  for (const pkg of sizes) {
    while (remaining >= pkg.uc_amount) {
      chosen.push(pkg);
      remaining -= pkg.uc_amount;
    }
  }
  if (remaining > 0) {
    const cover = [...sizes].reverse().find((pkg) => pkg.uc_amount >= remaining);
    if (cover) chosen.push(cover);
  }
  return chosen;
}
