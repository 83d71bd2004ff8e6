import { fileURLToPath } from 'node:url';

/**
 * The API package's folder, for the files it reads at run time. Found from this module's own
 * location, which is src/ when running the sources and dist/ when running the bundle: both one
 * level below the package.
 */
export const apiPackageDir = fileURLToPath(new URL('..', import.meta.url));
