import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a loopback port, keeping every mail it accepted, parsed. */
export interface TestSmtpServer {
  url: string;
  received: ParsedMail[];
  /** The next `count` recipients are refused with `451 4.3.0` (try again later), as a busy server does. */
  refuseNext(count: number): void;
  /** The mails to `address` received so far. */
  mailsTo(address: string): ParsedMail[];
  close(): Promise<void>;
}

/**
 * smtp-server (Nodemailer's own server module): `onRcptTo` refuses with the error's `responseCode`,
 * `onData` gets the raw message, parsed here with mailparser. STARTTLS is left out: the store's
 * transport would try to upgrade to it, and a test has no certificate a client trusts.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (count) => {
      refusals = count;
    },
    mailsTo: (address) => received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
