import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openApiDocumentWithoutServices } from '@topup/api';
import { isEntryPoint, repoRoot, runScript, say } from './cli';

/** Where `npm run openapi` writes the document, for generating clients. */
export const OPENAPI_FILE = path.join(repoRoot, 'openapi.json');

if (isEntryPoint(import.meta.url)) {
  runScript('Writing the OpenAPI document', async () => {
    const document = await openApiDocumentWithoutServices();
    await writeFile(OPENAPI_FILE, `${JSON.stringify(document, null, 2)}\n`);
    say(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE) || 'openapi.json'}`);
  });
}
