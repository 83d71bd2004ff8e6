import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import type { AdminMail, AdminMailDetail } from '@topup/common/api';
import { Show, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Fact } from '../components/Fact';
import { useFormatDateTime } from '../components/LocalizedDateField';
import { MailStatusChip } from './MailList';

function Title() {
  const mail = useRecordContext<AdminMail>();
  const translate = useTranslate();
  return mail ? <span>{translate('resources.mails.title', { id: mail.id })}</span> : null;
}

/** Its parts once the page has read the mail (a list's record has neither). */
function useMailDetail(): AdminMailDetail | undefined {
  const record = useRecordContext<AdminMail | AdminMailDetail>();
  return record && 'text' in record ? record : undefined;
}

function MailBody() {
  const mail = useMailDetail();
  const translate = useTranslate();
  if (!mail) return null;
  if (mail.status === 'queued') return <Typography color="text.secondary">{translate('resources.mails.not_written')}</Typography>;
  if (mail.html === '' && mail.text === '') return <Typography color="text.secondary">{translate('resources.mails.link_removed')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="subtitle2" component="h2">
        {translate('resources.mails.html')}
      </Typography>
      {/* Drawn apart from the back office, with nothing allowed to run: a mail is a document, not an app. */}
      <Box
        component="iframe"
        title={mail.subject}
        sandbox=""
        srcDoc={mail.html}
        sx={{ width: '100%', height: 520, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#f4f5f7' }}
      />
      <Typography variant="subtitle2" component="h2">
        {translate('resources.mails.text')}
      </Typography>
      <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace', m: 0 }}>
        {mail.text}
      </Typography>
    </Box>
  );
}

function MailFacts() {
  const mail = useRecordContext<AdminMail>();
  const detail = useMailDetail();
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  const createPath = useCreatePath();
  if (!mail) return null;
  const label = (field: string) => translate(`resources.mails.fields.${field}`);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(200px, 1fr))' } }}>
      <Fact label={label('recipient')}>{mail.recipient}</Fact>
      <Fact label={label('kind')}>{translate(`resources.mails.kind.${mail.kind}`)}</Fact>
      <Fact label={label('status')}>
        <MailStatusChip status={mail.status} />
      </Fact>
      <Fact label={label('language')}>{mail.language}</Fact>
      <Fact label={label('createdAt')}>{formatDateTime(mail.createdAt)}</Fact>
      <Fact label={label('sentAt')}>{formatDateTime(mail.sentAt)}</Fact>
      {mail.orderId !== null && (
        <Fact label={label('orderId')}>
          <RouterLink to={createPath({ resource: 'orders', id: mail.orderId, type: 'show' })}>#{mail.orderId}</RouterLink>
        </Fact>
      )}
      {mail.userId !== null && (
        <Fact label={label('userId')}>
          <RouterLink to={createPath({ resource: 'users', id: mail.userId, type: 'show' })}>#{mail.userId}</RouterLink>
        </Fact>
      )}
      {detail?.messageId && <Fact label={label('messageId')}>{detail.messageId}</Fact>}
      {detail?.lastError && <Fact label={label('lastError')}>{detail.lastError}</Fact>}
    </Box>
  );
}

/** One mail: to whom, about what, how it went, and both of its parts. */
export function MailShow() {
  return (
    <Show title={<Title />} component="div">
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h1">
            <MailSubject />
          </Typography>
          <MailFacts />
        </CardContent>
        <Divider />
        <CardContent>
          <MailBody />
        </CardContent>
      </Card>
    </Show>
  );
}

function MailSubject() {
  const mail = useRecordContext<AdminMail>();
  const translate = useTranslate();
  return mail ? <>{mail.subject || translate(`resources.mails.kind.${mail.kind}`)}</> : null;
}
