import account from './account.json';
import auth from './auth.json';
import cart from './cart.json';
import catalogue from './catalogue.json';
import checkout from './checkout.json';
import errors from './errors.json';
import freefire from './freefire.json';
import freefireCodes from './freefire-codes.json';
import games from './games.json';
import gameTopup from './game-topup.json';
import loginGate from './login-gate.json';
import orders from './orders.json';
import orderNotices from './order-notices.json';
import profile from './profile.json';
import receipt from './receipt.json';
import pubg from './pubg.json';
import security from './security.json';
import steam from './steam.json';
import support from './support.json';
import validation from './validation.json';

/**
 * The ru texts of the pages other than home, one file per feature (each a top-level
 * section; account, auth and errors add to the shell's sections of those names).
 */
export default {
  ...account,
  ...auth,
  ...cart,
  ...catalogue,
  ...checkout,
  ...errors,
  ...freefire,
  ...freefireCodes,
  ...games,
  ...gameTopup,
  ...loginGate,
  ...orders,
  ...orderNotices,
  ...profile,
  ...receipt,
  ...pubg,
  ...security,
  ...steam,
  ...support,
  ...validation,
};
