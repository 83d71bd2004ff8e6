import base from './base.json';

/**
 * The en texts of the shell (header, footer, errors) and the home page. Of the account and auth sections it
 * holds only what the shell draws (the cart count, the log-in prompt); their other keys are in pages.ts.
 */
export default base;
