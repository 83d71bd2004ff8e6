import type { AppContext } from '../types';

/** Where a stream's source writes its events. */
export interface EventSink {
  send(event: string, data?: unknown): void;
  /**
   * Ends the stream: its source stopped it (the store shuts down, or a newer stream replaced it).
   * Never called while the source opens.
   */
  end(): void;
}

/**
 * A route's answer that stays open and sends Server-Sent Events (`text/event-stream`), instead of a
 * JSON value. `open` starts the source and returns how to stop it, or throws to refuse the stream
 * (answered in the error format); every `heartbeatMs` a comment line keeps proxies from closing an
 * idle connection, and the stream ends once `stillValid` says no (the session ended). The source is stopped when the client goes, the session ends or the source ends it.
 */
export class EventStream {
  constructor(
    private readonly source: {
      open: (sink: EventSink) => () => void;
      heartbeatMs: number;
      stillValid: () => Promise<boolean>;
    },
  ) {}

  send(ctx: AppContext): void {
    const { res } = ctx;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      stop();
      res.end();
    };
    const write = (text: string) => {
      if (!closed) res.write(text);
    };
    // Opened before anything is written, so a source that refuses (503) answers in the error format.
    const stop = this.source.open({
      send: (event, data) => write(`event: ${event}\ndata: ${data === undefined ? '' : JSON.stringify(data)}\n\n`),
      end: () => {
        // The connection goes too, as an idle keep-alive socket would hold the server's close.
        res.once('finish', () => ctx.req.socket.end());
        close();
      },
    });

    // Compression would hold events back until a buffer fills.
    ctx.compress = false;
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.status = 200;
    ctx.type = 'text/event-stream; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    // Tells nginx-like proxies not to buffer the answer.
    ctx.set('X-Accel-Buffering', 'no');
    // Written straight to the response: Koa's piping of a stream body would report every client that
    // leaves (the usual way a stream ends) as an application error.
    ctx.respond = false;
    res.flushHeaders();
    // How long a client waits before reconnecting after the stream ends.
    write('retry: 3000\n\n');
    const heartbeat = setInterval(() => {
      this.source.stillValid().then(
        (valid) => (valid ? write(': heartbeat\n\n') : close()),
        () => close(),
      );
    }, this.source.heartbeatMs);
    // The response closes when the client goes away, and after the stream has ended.
    res.once('close', close);
  }
}
