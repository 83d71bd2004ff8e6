/*
 * Back-office words shared by the API and the back office. The records themselves are the answers'
 * schemas in `@topup/common/api` (common/src/api/admin-*.ts).
 */

export const PRODUCT_CATEGORIES = ['topup', 'gift_card'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const GENERATION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** The calling admin's two-factor sign-in (GET /api/admin/2fa). */
export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** Whether this store requires admins to use it (ADMIN_REQUIRE_2FA). */
  required: boolean;
}

/** A pending two-factor enrolment (POST /api/admin/2fa/enrol). */
export interface Enrolment {
  /** Base32, for entering by hand. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code, a PNG data URL. */
  qr: string;
}
