import account from './account.json';
import base from './base.json';

/** The uz texts of the shell (header, footer, errors) and the home page; account holds the header's cart count. */
export default { ...base, ...account };
