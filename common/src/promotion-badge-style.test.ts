import { describe, expect, it } from 'vitest';
import { parseHexColor, promotionBadgeStyle } from './promotion-badge-style';

describe('promotionBadgeStyle', () => {
  it('parses 3- and 6-digit hex colours', () => {
    expect(parseHexColor('#ff0000')).toEqual([255, 0, 0]);
    expect(parseHexColor('0f0')).toEqual([0, 255, 0]);
    expect(parseHexColor('red')).toBeNull();
    expect(parseHexColor(undefined)).toBeNull();
  });

  it('builds a gradient from the colour', () => {
    const style = promotionBadgeStyle('#e11d48');
    expect(style.background).toMatch(/^linear-gradient\(135deg, #[0-9a-f]{6} 0%, #[0-9a-f]{6} 100%\)$/);
    expect(style.color).toBe('#ffffff');
  });

  it('uses dark text on light colours', () => {
    expect(promotionBadgeStyle('#fde047').color).toBe('#10131f');
  });

  it('falls back to the accent colour for invalid input', () => {
    expect(promotionBadgeStyle('nonsense')).toEqual(promotionBadgeStyle('#7c5cff'));
  });
});
