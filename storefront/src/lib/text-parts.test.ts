import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import enShell from '../locales/en/shell';
import ruPages from '../locales/ru/pages';
import ruShell from '../locales/ru/shell';
import uzShell from '../locales/uz/shell';

const srcDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Every source file a start file pulls in through static relative imports (not `import()`: those load later). */
function staticImports(start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  const code = readFileSync(start, 'utf8');
  for (const [, specifier = ''] of code.matchAll(/^import [^;]*?from '(\.[^']+)';/gms)) {
    const base = path.resolve(path.dirname(start), specifier);
    const file = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
    if (file) staticImports(file, seen);
  }
  return seen;
}

/**
 * Texts a file's code names: a full key as in t('home.title'), or, for a key built at run time as in
 * t(`currencies.${code}`), its top-level section.
 */
function textsUsed(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/\bt\(\s*(?:'([\w.]+)'|`([a-z_]+)\.)/g)].map(([, key, section]) => key ?? section ?? '');
}

/**
 * Whether a part holds a text: a section, a key, or every plural form the language has of a key
 * (`cart_count_one`, `cart_count_few`, ... in Russian): a form missing there shows a raw key for that count.
 */
function holds(part: object, text: string, language: string): boolean {
  const [section = '', key] = text.split('.');
  const texts = (part as Record<string, Record<string, string> | undefined>)[section];
  if (!texts) return false;
  if (key === undefined || key in texts) return true;
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  return forms.every((form) => `${key}_${form}` in texts);
}

/** Leaf keys of a part, as section.key. */
function leafKeys(part: object): string[] {
  return Object.entries(part).flatMap(([section, texts]) => Object.keys(texts as object).map((key) => `${section}.${key}`));
}

describe('text parts', () => {
  // The start, the home page and the not-found page draw only the shell's texts (app/router.tsx).
  const shellFiles = ['main.tsx', 'app/routes/home.tsx', 'app/routes/not-found.tsx'].flatMap((start) => [
    ...staticImports(path.join(srcDir, start)),
  ]);

  it.each([
    ['ru', ruShell],
    ['en', enShell],
    ['uz', uzShell],
  ])('the %s shell part holds every text the shell and the home page draw', (language, shell) => {
    const used = new Set(shellFiles.flatMap(textsUsed));
    expect(used).toContain('account.cart_count');
    expect(used).toContain('auth.login_required');
    for (const text of used) expect(holds(shell, text, language), text).toBe(true);
  });

  it('keeps each text in one part only', () => {
    const pageKeys = new Set(leafKeys(ruPages));
    expect(leafKeys(ruShell).filter((key) => pageKeys.has(key))).toEqual([]);
  });
});
