import { createMailTransport, deliverMail } from '@topup/api';
import type { ProcessorFactory } from './index';

/**
 * Sends one queued mail (`send-mail {mailId}`), written to the outbox with the change that wanted it.
 * The mail's row says whether it is still to send, so a retry or a second run of the job sends nothing
 * more once a server has taken it (docs/architecture.md, "Mail").
 */
export const createMailProcessor: ProcessorFactory<'mail'> = ({ config, db }) => {
  const transport = createMailTransport(config.mail);
  return async (job) => ({ status: await deliverMail({ db, transport, from: config.mail.from, publicUrl: config.publicUrl }, job.data.mailId) });
};
