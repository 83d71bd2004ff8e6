import base from './base.json';

/** The en texts: the shared base plus one file per feature (each a top-level section). */
export default {
  ...base,
};
