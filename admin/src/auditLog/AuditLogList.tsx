import { useMediaQuery, type Theme } from '@mui/material';
import { AutocompleteInput, DataTable, DateInput, List, ReferenceInput, SelectInput, SimpleList, TextInput, useLocale, useTranslate } from 'react-admin';
import type { AuditLogRecord } from '@topup/common/api';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { AuditDiff } from './AuditDiff';
import { AUDIT_ENTITIES, AuditActionField, AuditActorField, AuditEntityField, useActionLabel } from './AuditFields';

const ENTITY_CHOICES = AUDIT_ENTITIES.map((id) => ({ id, name: `resources.audit-log.entities.${id}` }));

const auditFilters = [
  <ReferenceInput key="actorId" source="actorId" reference="users" filter={{ role: 'admin' }} alwaysOn>
    <AutocompleteInput optionText="nickname" filterToQuery={(q: string) => ({ q })} label="resources.audit-log.fields.actorId" sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <SelectInput key="entity" source="entity" choices={ENTITY_CHOICES} alwaysOn />,
  <TextInput key="action" source="action" />,
  <TextInput key="entityId" source="entityId" />,
  <DateInput key="createdFrom" source="createdFrom" alwaysOn />,
  <DateInput key="createdTo" source="createdTo" alwaysOn />,
];

const Column = DataTable.Col<AuditLogRecord>;

/** Every recorded admin change and operator action, newest first; a row unfolds its before and after. */
export function AuditLogList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const actionLabel = useActionLabel();
  const locale = useLocale();
  return (
    <List sort={{ field: 'id', order: 'DESC' }} perPage={25} filters={auditFilters}>
      {isSmall ? (
        <SimpleList<AuditLogRecord>
          rowClick="show"
          primaryText={(entry) => actionLabel(entry.action)}
          secondaryText={(entry) => `${entry.actorNickname ?? translate('resources.audit-log.the_store')} · ${translate(`resources.audit-log.entities.${entry.entity}`, { _: entry.entity })}${entry.entityId ? ` #${entry.entityId}` : ''}`}
          tertiaryText={(entry) => new Date(entry.createdAt).toLocaleString(locale)}
        />
      ) : (
        <DataTable rowClick="expand" expand={<AuditDiff />} bulkActionButtons={false}>
          <Column source="createdAt">
            <LocalizedDateField source="createdAt" showTime />
          </Column>
          <Column source="actorId" disableSort>
            <AuditActorField />
          </Column>
          <Column source="action">
            <AuditActionField />
          </Column>
          <Column source="entity">
            <AuditEntityField />
          </Column>
        </DataTable>
      )}
    </List>
  );
}
