import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../locales/en';
import ru from '../locales/ru';
import uz from '../locales/uz';
import { normalizeApiError } from './api-error';
import { cartFailureReason, cartFailureText } from './cart-failure';

const failure = (status: number, code?: string) =>
  normalizeApiError({ status, body: code ? { error: { code, message: 'x' } } : undefined });

describe('cartFailureReason', () => {
  it("gives the server's reason for a refused cart change", () => {
    expect(cartFailureReason(failure(0))).toBe('network');
    expect(cartFailureReason(new TypeError('Failed to fetch'))).toBe('network');
    expect(cartFailureReason(failure(409, 'OUT_OF_STOCK'))).toBe('out_of_stock');
    expect(cartFailureReason(failure(404, 'NOT_FOUND'))).toBe('not_found');
    expect(cartFailureReason(failure(429, 'RATE_LIMITED'))).toBe('rate_limited');
    expect(cartFailureReason(failure(503, 'SERVICE_UNAVAILABLE'))).toBe('unavailable');
    expect(cartFailureReason(failure(500, 'INTERNAL_ERROR'))).toBe('server');
    expect(cartFailureReason(failure(400, 'VALIDATION_FAILED'))).toBe('refused');
  });
});

describe('cartFailureText', () => {
  it('says how long to wait when the store refused too many cart changes, in each language', async () => {
    const limited = normalizeApiError({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'x', details: { retryAfterSeconds: 40 } } } });
    const texts: Record<string, string> = {};
    for (const language of ['ru', 'en', 'uz'] as const) {
      const i18n = i18next.createInstance();
      await i18n.init({ lng: language, resources: { en: { translation: en }, ru: { translation: ru }, uz: { translation: uz } }, interpolation: { escapeValue: false } });
      texts[language] = cartFailureText(i18n.t, { kind: 'add', title: '60 UC' }, limited);
    }
    expect(texts).toEqual({
      ru: 'Не удалось добавить «60 UC» в корзину. Слишком много попыток. Попробуйте снова через 40 секунд.',
      en: expect.stringMatching(/^Could not add 60 UC to the cart\. .*40 seconds/),
      uz: expect.stringMatching(/60 UC.*40/),
    });
  });
});
