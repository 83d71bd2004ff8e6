/** What the storefront shows for a region without a flag (flags fall back to a global flag). */
export const GLOBAL_FLAG = '🌐';

export type FlagDisplay = { kind: 'image'; src: string } | { kind: 'emoji'; text: string };

/** A region as choices name it: its flag, then its name ("🇹🇷 Türkiye"). */
export const regionLabel = (region: { name: string; flag?: string }) => [region.flag, region.name].filter(Boolean).join(' ');

/** A region's flag as stored (an emoji or an image URL) to what to draw. */
export function flagDisplay(flag: unknown): FlagDisplay {
  const value = typeof flag === 'string' ? flag.trim() : '';
  if (!value) return { kind: 'emoji', text: GLOBAL_FLAG };
  if (/^(https?:\/\/|\/)/i.test(value)) return { kind: 'image', src: value };
  return { kind: 'emoji', text: value };
}
