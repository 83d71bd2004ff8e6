import { describe, expect, it } from 'vitest';
import { flagDisplay, GLOBAL_FLAG, regionLabel } from './flag';

describe('flagDisplay', () => {
  it('draws an image for a URL or a path on this site', () => {
    expect(flagDisplay('https://cdn.example.com/tr.svg')).toEqual({ kind: 'image', src: 'https://cdn.example.com/tr.svg' });
    expect(flagDisplay(' /images/flags/eu.svg ')).toEqual({ kind: 'image', src: '/images/flags/eu.svg' });
  });

  it('writes an emoji as text', () => {
    expect(flagDisplay('🇹🇷')).toEqual({ kind: 'emoji', text: '🇹🇷' });
  });

  it('falls back to the global flag when empty', () => {
    expect(flagDisplay('')).toEqual({ kind: 'emoji', text: GLOBAL_FLAG });
    expect(flagDisplay(null)).toEqual({ kind: 'emoji', text: GLOBAL_FLAG });
  });
});

describe('regionLabel', () => {
  it('puts the flag before the name, when there is one', () => {
    expect(regionLabel({ name: 'Türkiye', flag: '🇹🇷' })).toBe('🇹🇷 Türkiye');
    expect(regionLabel({ name: 'Europe', flag: '' })).toBe('Europe');
  });
});
