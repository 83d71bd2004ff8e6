import { describe, expect, it } from 'vitest';
import { initialLanguage } from './i18n';

describe('the language the store opens in', () => {
  it('follows the browser when the shopper has not chosen one', () => {
    expect(initialLanguage(null, ['uz-UZ', 'ru'])).toBe('uz');
    expect(initialLanguage(null, ['uz-Latn-UZ'])).toBe('uz');
    expect(initialLanguage(null, ['en-GB', 'ru'])).toBe('en');
    expect(initialLanguage(null, ['de-DE', 'uz'])).toBe('uz');
  });

  it('keeps Russian for a browser speaking none of the store\'s languages', () => {
    expect(initialLanguage(null, ['de-DE', 'fr'])).toBe('ru');
    expect(initialLanguage(null, [])).toBe('ru');
  });

  it('keeps the shopper\'s own choice over the browser', () => {
    expect(initialLanguage('ru', ['uz-UZ'])).toBe('ru');
    expect(initialLanguage('en', ['uz-UZ'])).toBe('en');
  });
});
