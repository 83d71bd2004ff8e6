import { describe, expect, it } from 'vitest';
import en from '../locales/en';
import ru from '../locales/ru';
import uz from '../locales/uz';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Leaf keys of a translation tree, with plural forms folded into their base key. */
function keys(tree: unknown, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') keys(value, path).forEach((k) => out.add(k));
    else out.add(path.replace(PLURAL_SUFFIX, ''));
  }
  return out;
}

function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value && typeof value === 'object' ? leaves(value, path) : [[path, value] as [string, unknown]];
  });
}

describe('locales', () => {
  const reference = [...keys(ru)].sort();

  it.each([
    ['en', en],
    ['uz', uz],
  ])('%s has exactly the keys of ru (the default and fallback)', (_name, tree) => {
    expect([...keys(tree)].sort()).toEqual(reference);
  });

  it.each([
    ['ru', ru],
    ['en', en],
    ['uz', uz],
  ])('%s has no empty texts', (_name, tree) => {
    for (const [path, value] of leaves(tree)) {
      expect(typeof value, path).toBe('string');
      expect((value as string).trim(), path).not.toBe('');
    }
  });
});
