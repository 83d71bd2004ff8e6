import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enTexts from '../locales/en';
import ruTexts from '../locales/ru';
import uz from '../locales/uz';
import { createFormat, unitNames } from './format';

/** Intl separates with narrow and no-break spaces; the checks read them as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const en = createFormat('en');
const ru = createFormat('ru');
const uzbekDates = { months: uz.format.months, date: uz.format.date, dateTime: uz.format.date_time };
const uzbek = createFormat('uz', uzbekDates);

describe('one formatter per language', () => {
  it('writes numbers and money the same way on one page', () => {
    expect(en.number(1920)).toBe('1,920');
    expect(en.money(1974.21, 'RUB')).toBe('₽1,974.21');
    expect(en.money(5.98, 'USD')).toBe('$5.98');
    expect(plain(ru.number(1920))).toBe('1 920');
    expect(plain(ru.money(1974.21, 'RUB'))).toBe('1 974,21 ₽');
    expect(plain(ru.money(5.98, 'USD'))).toBe('5,98 $');
    // Uzbek groups and separates as Russian does, whatever Uzbek data the browser has.
    expect(plain(uzbek.number(1920))).toBe('1 920');
    expect(plain(uzbek.money(1974.21, 'RUB'))).toBe('1 974,21 ₽');
    expect(plain(uzbek.money(5.98, 'USD'))).toBe('5,98 $');
  });

  it("writes sums whole, with the language's word: 12 650 so'm", () => {
    const uzSums = createFormat('uz', { months: uz.format.months, date: uz.format.date, dateTime: uz.format.date_time, sums: uz.format.sums });
    expect(plain(uzSums.money(12650, 'UZS'))).toBe("12 650 so'm");
    expect(plain(createFormat('ru', { ...uzbekDates, sums: ruTexts.format.sums }).money(12650, 'UZS', 'cart'))).toBe('12 650 сум');
    expect(plain(createFormat('en', { ...uzbekDates, sums: enTexts.format.sums }).money('1265100', 'UZS'))).toBe('1,265,100 UZS');
    // A price whose rate is not known yet.
    expect(uzSums.money(Number.NaN, 'UZS')).toBe('—');
  });

  it('writes RUB without kopecks in the cart, and other currencies with 2 decimals everywhere', () => {
    expect(plain(ru.money(1234.4, 'RUB', 'cart'))).toBe('1 234 ₽');
    expect(plain(ru.money(157.6, 'RUB', 'cart'))).toBe('158 ₽');
    expect(en.money(5, 'USD', 'cart')).toBe('$5.00');
    expect(plain(ru.money(25, 'EUR'))).toBe('25,00 €');
  });

  it('reads string amounts, counts invalid ones as 0 and never writes minus zero', () => {
    expect(en.money('99.9', 'USD')).toBe('$99.90');
    expect(en.money('abc', 'USD')).toBe('$0.00');
    expect(en.money(-0.001, 'USD')).toBe('$0.00');
    expect(en.money(-3.5, 'USD')).toBe('-$3.50');
    expect(en.money(1.999, 'USD')).toBe('$2.00');
  });

  it('keeps decimals of plain numbers only when asked', () => {
    expect(en.number(5000.5)).toBe('5,001');
    expect(plain(ru.number(5000.5, 2))).toBe('5 000,5');
  });
});

describe('dates', () => {
  const moment = new Date(2026, 10, 23, 13, 26);

  it('names the month in the language, with the day and time', () => {
    expect(plain(en.date(moment))).toMatch(/^Nov 23, 2026,? (at )?1:26 PM$/);
    expect(plain(ru.date(moment))).toMatch(/^23 нояб\. 2026 г\., 13:26$/);
    expect(plain(ru.date(moment, false))).toBe('23 ноября 2026 г.');
  });

  it("writes Uzbek dates with the app's own month names, never Chromium's \"2026 M11 23\"", () => {
    expect(uzbek.date(moment)).toBe('23-noyabr, 2026, 13:26');
    expect(uzbek.date(moment, false)).toBe('23-noyabr, 2026');
    expect(uzbek.date(new Date(2026, 0, 5, 9, 5))).toBe('5-yanvar, 2026, 09:05');
  });

  it('writes nothing for what is not a date', () => {
    expect(en.date('not a date')).toBe('');
  });
});

describe('game amounts with their unit', () => {
  /** The formatter as the app builds it: the unit's word from the language's own texts, by count. */
  async function withTexts(language: 'en' | 'ru' | 'uz') {
    const texts = { en: enTexts, ru: ruTexts, uz }[language];
    const i18n = i18next.createInstance();
    // As the app sets it up: a missing key reads as nothing, never as itself.
    await i18n.init({ lng: language, resources: { [language]: { translation: texts } }, parseMissingKeyHandler: () => '' });
    return createFormat(language, {
      months: texts.format.months,
      date: texts.format.date,
      dateTime: texts.format.date_time,
      unitName: unitNames(i18n),
    });
  }

  it('names a unit the app has words for in the shopper language and number, and leaves codes as they are', async () => {
    const [english, russian, uzbekWords] = await Promise.all([withTexts('en'), withTexts('ru'), withTexts('uz')]);
    expect(plain(russian.amount(100, 'Diamonds'))).toBe('100 алмазов');
    expect(plain(russian.amount(1, 'Diamonds'))).toBe('1 алмаз');
    expect(plain(russian.amount(2180, 'Diamonds'))).toBe('2 180 алмазов');
    expect(plain(russian.amount(522, 'Diamonds'))).toBe('522 алмаза');
    expect(plain(english.amount(1, 'Diamonds'))).toBe('1 Diamond');
    expect(plain(english.amount(1920, 'Diamonds'))).toBe('1,920 Diamonds');
    expect(plain(uzbekWords.amount(310, 'Diamonds'))).toBe('310 olmos');
    expect(plain(russian.amount(1920, 'UC'))).toBe('1 920 UC');
    expect(plain(english.amount(25, 'EUR'))).toBe('25 EUR');
    expect(russian.amount(5, '')).toBe('5');
  });
});
