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

/** Top-level text sections a file's code names, as in t('home.title') or t(`currencies.${code}`). */
function sectionsUsed(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/\bt\(\s*['`]([a-z_]+)\./g)].map(([, section = '']) => section);
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
  ])('the %s shell part holds every section the shell and the home page draw', (_language, shell) => {
    const used = new Set(shellFiles.flatMap(sectionsUsed));
    expect(used.size).toBeGreaterThan(5);
    for (const section of used) expect(Object.keys(shell), section).toContain(section);
  });

  it('keeps each section in one part only', () => {
    const shared = Object.keys(ruShell).filter((section) => section in ruPages);
    expect(shared).toEqual([]);
  });
});
