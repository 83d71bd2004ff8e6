import base from './base.json';
import account from './account.json';
import cart from './cart.json';
import checkout from './checkout.json';
import orders from './orders.json';
import support from './support.json';
import freefire from './freefire.json';
import games from './games.json';
import pubg from './pubg.json';
import steam from './steam.json';
import security from './security.json';

/** The en texts: the shared base plus one file per feature (each a top-level section). */
export default {
  ...base,
  ...cart,
  ...checkout,
  ...orders,
  ...support,
  ...account,
  ...games,
  ...freefire,
  ...pubg,
  ...steam,
  ...security,
};
