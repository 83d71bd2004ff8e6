import pages from './pages';
import shell from './shell';

/** All the ru texts; the app loads its two parts separately (lib/i18n.ts), merging the sections both hold. */
export default {
  ...shell,
  ...pages,
  account: { ...shell.account, ...pages.account },
  auth: { ...shell.auth, ...pages.auth },
  errors: { ...shell.errors, ...pages.errors },
};
