import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { apiPackageDir } from '../../package-dir';
import { openApiDocumentWithoutServices } from './document-without-services';

const repoRoot = path.dirname(apiPackageDir);
const redoclyCli = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: Array<{ pointer: string }>;
}

it(
  "passes Redocly's recommended rules (as redocly.yaml sets them) with no error and no warning",
  async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(await openApiDocumentWithoutServices()));
      // The CLI exits 1 on an error: its report is on stdout either way.
      const report = await promisify(execFile)(
        process.execPath,
        [redoclyCli, 'lint', file, '--config', path.join(repoRoot, 'redocly.yaml'), '--format', 'json'],
        { cwd: repoRoot, env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 64 * 1024 * 1024 },
      ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
      const { problems } = JSON.parse(report.stdout) as { problems: LintProblem[] };
      expect(problems.map(({ ruleId, severity, message, location }) => `${severity} ${ruleId} ${location[0]?.pointer}: ${message}`)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
  180_000,
);
