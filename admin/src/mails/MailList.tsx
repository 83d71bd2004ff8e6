import { Chip, useMediaQuery, type ChipProps, type Theme } from '@mui/material';
import { MAIL_KINDS, MAIL_STATUSES, type MailStatus } from '@topup/common';
import type { AdminMail } from '@topup/common/api';
import { DataTable, List, SelectInput, SimpleList, useTranslate } from 'react-admin';
import { LocalizedDateField, useFormatDateTime } from '../components/LocalizedDateField';
import { SearchFilterInput } from '../components/SearchFilterInput';

const STATUS_COLORS: Record<MailStatus, ChipProps['color']> = { queued: 'default', sent: 'success', kept: 'info', refused: 'error' };

/** A mail's status as a coloured chip. */
export function MailStatusChip({ status }: { status: MailStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLORS[status]} label={translate(`resources.mails.status.${status}`)} />;
}

const mailFilters = [
  <SearchFilterInput key="q" source="q" alwaysOn placeholder="resources.mails.filters.search" />,
  <SelectInput key="kind" source="kind" choices={MAIL_KINDS.map((kind) => ({ id: kind, name: `resources.mails.kind.${kind}` }))} alwaysOn />,
  <SelectInput key="status" source="status" choices={MAIL_STATUSES.map((status) => ({ id: status, name: `resources.mails.status.${status}` }))} alwaysOn />,
];

const Column = DataTable.Col<AdminMail>;

/** Every mail of the store, newest first; a row opens the mail. */
export function MailList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} filters={mailFilters}>
      {isSmall ? (
        <SimpleList<AdminMail>
          primaryText={(mail) => mail.subject || translate(`resources.mails.kind.${mail.kind}`)}
          secondaryText={(mail) => mail.recipient}
          tertiaryText={(mail) => (
            <>
              <MailStatusChip status={mail.status} /> {formatDateTime(mail.createdAt)}
            </>
          )}
          rowClick="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <Column source="id" render={(mail) => `#${mail.id}`} />
          <Column source="createdAt">
            <LocalizedDateField source="createdAt" showTime />
          </Column>
          <Column source="recipient" />
          <Column source="kind" disableSort render={(mail) => translate(`resources.mails.kind.${mail.kind}`)} />
          <Column source="subject" disableSort render={(mail) => mail.subject || '—'} />
          <Column source="status" render={(mail) => <MailStatusChip status={mail.status} />} />
        </DataTable>
      )}
    </List>
  );
}
