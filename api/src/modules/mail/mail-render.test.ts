import { describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGES, MAIL_KINDS } from '@topup/common';
import { renderMail, type OrderSummary } from './mail-render';

const ORDER = {
  id: 1042,
  items: [{ label: 'PUBG Mobile 660 UC <b>', amount: 89_900 }],
  promotionDiscount: 0,
  promoCode: null,
  total: 89_900,
  currency: 'rub',
  refunds: [{ amount: 89_900, currency: 'rub', destination: 'card' as const }],
};

describe('renderMail', () => {
  for (const kind of MAIL_KINDS) {
    for (const language of CONTENT_LANGUAGES) {
      it(`writes ${kind} in ${language}: a subject, and text and HTML parts saying the same with the link`, () => {
        const link = 'https://shop.test/orders/1042?x=1&y=2';
        const mail = renderMail({ kind, language, nickname: 'olga', link, order: kind.startsWith('order_') ? ORDER : undefined });
        expect(mail.subject).not.toMatch(/[{}]/);
        expect(mail.text).not.toMatch(/\{\w+\}/);
        expect(mail.text).toContain(link);
        expect(mail.html).toContain('href="https://shop.test/orders/1042?x=1&amp;y=2"');
        expect(mail.html).toContain(`<html lang="${language}">`);
        if (kind.startsWith('order_')) {
          expect(mail.subject).toContain('1042');
          expect(mail.text).toContain('899.00 RUB');
          // What the store writes is escaped: a product named with markup shows as text.
          expect(mail.html).toContain('PUBG Mobile 660 UC &lt;b&gt;');
        }
      });
    }
  }

  it("adds the promotions' discount between the order's lines and its total, in the mail's language, only when the order had one", () => {
    const discounted = { ...ORDER, promotionDiscount: 9_000, total: 80_900 };
    const written = (language: 'ru' | 'en' | 'uz', order = discounted) =>
      renderMail({ kind: 'order_completed', language, nickname: 'olga', link: 'https://shop.test/orders/1042', order });
    expect(written('ru').text).toContain('  PUBG Mobile 660 UC <b>: 899.00 RUB\n  Скидка по акции: 90.00 RUB\n  Итого: 809.00 RUB');
    expect(written('en').text).toContain('  Promotion discount: 90.00 RUB\n  Total: 809.00 RUB');
    expect(written('uz').text).toContain('  Aksiya chegirmasi: 90.00 RUB\n  Jami: 809.00 RUB');
    expect(written('en').html).toMatch(/<td[^>]*>Promotion discount<\/td><td[^>]*>90\.00 RUB<\/td><\/tr><tr><td[^>]*>Total<\/td>/);
    for (const part of Object.values(written('en', ORDER))) expect(part).not.toContain('Promotion discount');
  });

  it("adds a promo code's discount after the promotions', naming the code, in the mail's language", () => {
    const discounted: OrderSummary = { ...ORDER, promotionDiscount: 9_000, promoCode: { code: 'SPRING10', discount: 8_090 }, total: 72_810 };
    const written = (language: 'ru' | 'en' | 'uz', order: OrderSummary = discounted) =>
      renderMail({ kind: 'order_completed', language, nickname: 'olga', link: 'https://shop.test/orders/1042', order });
    expect(written('ru').text).toContain('  Скидка по акции: 90.00 RUB\n  Промокод SPRING10: 80.90 RUB\n  Итого: 728.10 RUB');
    expect(written('en').text).toContain('  Promo code SPRING10: 80.90 RUB\n  Total: 728.10 RUB');
    expect(written('uz').text).toContain('  Promokod SPRING10: 80.90 RUB\n  Jami: 728.10 RUB');
    expect(written('en').html).toMatch(/<td[^>]*>Promo code SPRING10<\/td><td[^>]*>80\.90 RUB<\/td>/);
    // A code deleted since is no longer named: the line says what it was.
    expect(written('en', { ...discounted, promoCode: { code: null, discount: 8_090 } }).text).toContain('  Discount: 80.90 RUB\n');
    for (const part of Object.values(written('en', ORDER))) expect(part).not.toContain('Promo code');
  });
});
