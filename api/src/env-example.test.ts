import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredSettings, loadConfig } from './config';
import { apiPackageDir } from './package-dir';

/** Read by the scripts alone (scripts/start.ts), not by the configuration schema. */
const SCRIPT_SETTINGS = ['SKIP_WEB_BUILD'];

/** `# NAME=value` (or `NAME=value`) lines of .env.example: each documented setting with the value it shows. */
const documented = readFileSync(path.join(apiPackageDir, '../.env.example'), 'utf8')
  .split('\n')
  .flatMap((line) => {
    const setting = /^(?:# ?)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    return setting ? [{ name: setting[1]!, value: setting[2]! }] : [];
  });

const declared = declaredSettings();
const development = loadConfig({ NODE_ENV: 'development' });

describe('.env.example', () => {
  it('documents every setting the configuration reads, once, and nothing else', () => {
    const names = documented.map(({ name }) => name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect(names.filter((name) => !SCRIPT_SETTINGS.includes(name)).sort()).toEqual(Object.keys(declared).sort());
  });

  it.each(documented.filter(({ name }) => name in declared))('shows $name as its development default', ({ name, value }) => {
    if (value === '') {
      // Shown empty: no fixed default (none at all, or one worked out at start); the comment above says which.
      expect([undefined, ''], name).toContain(declared[name]);
    } else {
      expect(loadConfig({ NODE_ENV: 'development', [name]: value }), name).toEqual(development);
    }
  });
});
