import base from './base.json';

/** The uz texts: the shared base plus one file per feature (each a top-level section). */
export default {
  ...base,
};
