/** A promotion badge's look, derived from its background_color (hex): a gradient and a readable text colour. */
const FALLBACK = '#7c5cff';

export function parseHexColor(value: unknown): [number, number, number] | null {
  if (typeof value !== 'string') return null;
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes a colour towards black (amount < 0) or white (amount > 0). */
export function shade(rgb: [number, number, number], amount: number): [number, number, number] {
  const target = amount < 0 ? 0 : 255;
  const weight = Math.abs(amount);
  return rgb.map((v) => v + (target - v) * weight) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function promotionBadgeStyle(backgroundColor: unknown): { background: string; color: string } {
  const base = parseHexColor(backgroundColor) ?? (parseHexColor(FALLBACK) as [number, number, number]);
  const from = shade(base, 0.12);
  const to = shade(base, -0.35);
  const middle = shade(base, -0.12);
  return {
    background: `linear-gradient(135deg, ${toHex(from)} 0%, ${toHex(to)} 100%)`,
    color: luminance(middle) > 0.45 ? '#10131f' : '#ffffff',
  };
}
