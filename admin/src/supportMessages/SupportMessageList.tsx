import { useMediaQuery, type SxProps, type Theme } from '@mui/material';
import { SUPPORT_MESSAGE_STATUSES } from '@topup/common';
import type { AdminSupportMessage } from '@topup/common/api';
import { DataTable, List, SelectInput, SimpleList } from 'react-admin';
import { LocalizedDateField, useFormatDateTime } from '../components/LocalizedDateField';
import { SearchFilterInput } from '../components/SearchFilterInput';
import { SupportStatusChip, SupportStatusField } from './SupportStatusField';
import { SupportWriterField } from './SupportWriterField';

const STATUS_CHOICES = SUPPORT_MESSAGE_STATUSES.map((status) => ({ id: status, name: `resources.supportMessages.status.${status}` }));
const READ_CHOICES = [
  { id: 'true', name: 'resources.supportMessages.filters.unread_only' },
  { id: 'false', name: 'resources.supportMessages.filters.read_only' },
];

const supportFilters = [
  <SearchFilterInput key="q" source="q" alwaysOn placeholder="resources.supportMessages.filters.search" />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="unread" source="unread" label="resources.supportMessages.filters.read" choices={READ_CHOICES} alwaysOn />,
];

/** Unread messages stand out in bold until an admin opens them. */
const unreadSx = (message: AdminSupportMessage): SxProps => (message.readAt === null ? { '& td': { fontWeight: 700 } } : {});

const Column = DataTable.Col<AdminSupportMessage>;

/** The support inbox, newest first, with filters by status, read state and text. */
export function SupportMessageList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const formatDateTime = useFormatDateTime();
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} filters={supportFilters}>
      {isSmall ? (
        <SimpleList<AdminSupportMessage>
          primaryText={(message) => (message.readAt === null ? <strong>{message.nickname}</strong> : message.nickname)}
          secondaryText={(message) => message.message}
          tertiaryText={(message) => (
            <>
              <SupportStatusChip status={message.status} /> {formatDateTime(message.createdAt)}
            </>
          )}
          rowClick="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} rowSx={unreadSx}>
          <Column source="id" render={(message) => `#${message.id}`} />
          <Column source="createdAt">
            <LocalizedDateField source="createdAt" showTime />
          </Column>
          <Column source="nickname" disableSort>
            <SupportWriterField />
          </Column>
          <Column
            source="message"
            disableSort
            render={(message) => message.message}
            sx={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          />
          <Column source="contact" disableSort render={(message) => message.contact || '—'} />
          <Column source="status">
            <SupportStatusField />
          </Column>
        </DataTable>
      )}
    </List>
  );
}
