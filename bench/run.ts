/** `npm run bench [name ...]`: runs the named benchmarks (all when none is named), each printing one JSON line. */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const available = readdirSync(benchDir).filter(
  (entry) => entry !== 'lib' && statSync(path.join(benchDir, entry)).isDirectory(),
);
const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}

let failed = false;
for (const name of requested.length > 0 ? requested : available) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, name, 'index.ts')], { stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
