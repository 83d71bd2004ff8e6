import { Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, Pagination, ReferenceManyField, SimpleList, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { AdminUserSupportMessage } from '@topup/common/api';
import { LocalizedDateField } from '../components/LocalizedDateField';

const Column = DataTable.Col<AdminUserSupportMessage>;

/** Where the support inbox shows one request. */
const supportMessagePath = (message: AdminUserSupportMessage) => `/supportMessages/${message.id}/show`;

function StatusChip({ message }: { message: AdminUserSupportMessage }) {
  const translate = useTranslate();
  const open = message.status === 'open';
  return (
    <Chip
      size="small"
      variant={open ? 'filled' : 'outlined'}
      color={open ? 'warning' : 'default'}
      label={translate(`resources.users.support.statuses.${message.status}`, { _: message.status })}
    />
  );
}

/** The support requests the user sent, newest first, each opening in the support inbox. */
export function UserSupportMessages() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <ReferenceManyField
      reference="userSupportMessages"
      target="userId"
      sort={{ field: 'id', order: 'DESC' }}
      perPage={5}
      pagination={<Pagination rowsPerPageOptions={[5, 10, 25]} />}
      empty={
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {translate('resources.users.support.empty')}
        </Typography>
      }
    >
      {isSmall ? (
        <SimpleList<AdminUserSupportMessage>
          rowClick={(_id, _resource, message) => supportMessagePath(message as AdminUserSupportMessage)}
          primaryText={(message) => message.preview}
          secondaryText={(message) => <StatusChip message={message} />}
          tertiaryText={(message) => `#${message.id}`}
        />
      ) : (
        <DataTable
          bulkActionButtons={false}
          rowClick={(_id, _resource, record) => {
            void navigate(supportMessagePath(record as AdminUserSupportMessage));
            return false;
          }}
        >
          <Column source="id" label="resources.users.fields.id" render={(message) => `#${message.id}`} />
          <Column source="createdAt" label="resources.users.support.created_at">
            <LocalizedDateField source="createdAt" showTime />
          </Column>
          <Column source="status" label="resources.users.support.status" disableSort render={(message) => <StatusChip message={message} />} />
          <Column source="preview" label="resources.users.support.message" disableSort />
        </DataTable>
      )}
    </ReferenceManyField>
  );
}
