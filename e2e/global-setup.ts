import { buildWebApps } from './src/browser';

/** Builds both web apps once for every browser test file, as `npm start` would. */
export default function setup(): void {
  buildWebApps();
}
