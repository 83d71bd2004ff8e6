import type { Readable } from 'node:stream';
import type { AppContext } from '../types';

/** A file a route streams as its answer (a CSV export), instead of a JSON value. */
export class FileAnswer {
  constructor(
    private readonly file: { type: string; name: string; body: Readable },
  ) {}

  send(ctx: AppContext): void {
    ctx.type = this.file.type;
    ctx.attachment(this.file.name);
    // Never stored by a browser or proxy: an export can hold codes in clear.
    ctx.set('Cache-Control', 'no-store');
    ctx.body = this.file.body;
  }
}
