import { useMutation } from '@tanstack/react-query';
import type { PromoCodeCheck, PromoCodeCheckBody } from '@topup/common/api';
import { api } from '../../../lib/api-client';

export const CHECK_PROMO_CODE_PATH = '/promo-codes/check';

/** What a promo code would take off the cart, or off the top-up sent; it uses nothing (docs/architecture.md, "Promo codes"). */
export function checkPromoCode(body: PromoCodeCheckBody): Promise<PromoCodeCheck> {
  return api.post<PromoCodeCheck>(CHECK_PROMO_CODE_PATH, body);
}

export function useCheckPromoCode() {
  return useMutation({ mutationFn: checkPromoCode });
}
