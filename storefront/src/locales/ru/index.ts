import pages from './pages';
import shell from './shell';

/** All the ru texts; the app loads its two parts separately (lib/i18n.ts). */
export default { ...shell, ...pages };
