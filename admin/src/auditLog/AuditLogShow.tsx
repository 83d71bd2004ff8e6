import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { Labeled, Show, useRecordContext } from 'react-admin';
import type { AuditLogRecord } from '@topup/common/api';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { AuditDiff } from './AuditDiff';
import { AuditActionField, AuditActorField, AuditEntityField, useActionLabel } from './AuditFields';

function Title() {
  const entry = useRecordContext<AuditLogRecord>();
  const label = useActionLabel();
  return entry ? <span>{label(entry.action)}</span> : null;
}

/** One recorded change: when, who, what and to which record, with its before and after compared. */
export function AuditLogShow() {
  return (
    <Show title={<Title />} component="div">
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
            <AuditActionField />
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, max-content)' }, columnGap: 4 }}>
            <Labeled label="resources.audit-log.fields.createdAt">
              <LocalizedDateField source="createdAt" showTime />
            </Labeled>
            <Labeled label="resources.audit-log.fields.actorId">
              <AuditActorField />
            </Labeled>
            <Labeled label="resources.audit-log.fields.entity">
              <AuditEntityField />
            </Labeled>
          </Box>
        </CardContent>
        <Divider />
        <AuditDiff />
      </Card>
    </Show>
  );
}
