/**
 * The catalogue benchmark's ceiling: a bare node:http server answering recorded store answers from
 * memory, byte for byte and with the same headers. Started by index.ts as a child process; it is sent
 * the answers, then tells back the port it listens on.
 */
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedAnswer {
  path: string;
  status: number;
  headers: OutgoingHttpHeaders;
  /** base64, for the IPC channel. */
  body: string;
}

process.once('message', (answers: RecordedAnswer[]) => {
  const byPath = new Map(answers.map((answer) => [answer.path, { ...answer, body: Buffer.from(answer.body, 'base64') }]));
  const server = createServer((request, response) => {
    const answer = byPath.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers).end(answer.body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  process.once('disconnect', () => server.close(() => process.exit(0)));
});
