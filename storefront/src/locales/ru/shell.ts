import base from './base.json';
import format from './format.json';

/**
 * The ru texts of the shell (header, footer, error pages) and the home page. Of the account, auth and errors
 * sections it holds only what the shell draws (the cart count, the log-in prompt, the error and not-found
 * pages); their other keys are in pages.ts. `format` holds the words of dates (lib/format).
 */
export default { ...base, ...format };
