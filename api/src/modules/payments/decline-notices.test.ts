import { describe, expect, it } from 'vitest';
import { declineNotice } from './decline-notices';

describe('what a shopper is told of a payment the gateway cancelled', () => {
  it.each([
    ['3d_secure_failed', 'PAYMENT_3DS_FAILED'],
    ['insufficient_funds', 'PAYMENT_INSUFFICIENT_FUNDS'],
    ['card_expired', 'PAYMENT_CARD_DETAILS_WRONG'],
    ['invalid_card_number', 'PAYMENT_CARD_DETAILS_WRONG'],
    ['invalid_csc', 'PAYMENT_CARD_DETAILS_WRONG'],
    ['payment_method_limit_exceeded', 'PAYMENT_LIMIT_EXCEEDED'],
    ['identification_required', 'PAYMENT_LIMIT_EXCEEDED'],
    ['call_issuer', 'PAYMENT_REFUSED_BY_BANK'],
    ['payment_method_restricted', 'PAYMENT_REFUSED_BY_BANK'],
    ['expired_on_confirmation', 'PAYMENT_EXPIRED'],
    ['expired_on_capture', 'PAYMENT_EXPIRED'],
    ['canceled_by_merchant', 'CANCELLED_BY_STORE'],
    ['general_decline', 'CARD_DECLINED'],
    ['fraud_suspected', 'CARD_DECLINED'],
    ['issuer_unavailable', 'CARD_DECLINED'],
    ['internal_timeout', 'CARD_DECLINED'],
    ['country_forbidden', 'CARD_DECLINED'],
    ['permission_revoked', 'CARD_DECLINED'],
    ['unsupported_mobile_operator', 'CARD_DECLINED'],
    ['deal_expired', 'CARD_DECLINED'],
  ])("YooKassa's %s on a card payment reads %s", (reason, code) => {
    expect(declineNotice('card', reason)).toEqual({ code, params: {} });
  });

  it('a plain decline of an SBP payment says SBP, a precise reason says the reason', () => {
    expect(declineNotice('sbp', 'general_decline')).toEqual({ code: 'SBP_DECLINED', params: {} });
    expect(declineNotice('sbp', 'expired_on_confirmation')).toEqual({ code: 'PAYMENT_EXPIRED', params: {} });
    expect(declineNotice('sbp', 'insufficient_funds')).toEqual({ code: 'PAYMENT_INSUFFICIENT_FUNDS', params: {} });
  });

  it('no reason (the sandbox gives none), or one YooKassa may add later, is the method’s plain decline', () => {
    expect(declineNotice('card', undefined)).toEqual({ code: 'CARD_DECLINED', params: {} });
    expect(declineNotice('sbp', undefined)).toEqual({ code: 'SBP_DECLINED', params: {} });
    expect(declineNotice('card', 'some_new_reason')).toEqual({ code: 'CARD_DECLINED', params: {} });
    expect(declineNotice('card', 'toString')).toEqual({ code: 'CARD_DECLINED', params: {} });
  });
});
