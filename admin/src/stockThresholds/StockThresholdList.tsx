import { Chip, useMediaQuery, type Theme } from '@mui/material';
import type { AdminStockThreshold } from '@topup/common/api';
import { DataTable, DeleteButton, EditButton, List, SelectInput, SimpleList, useRecordContext, useTranslate } from 'react-admin';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { FilterCreateActions } from '../components/ListActions';
import { TARGET_CHOICES } from './targets';

const thresholdFilters = [<SelectInput key="target" source="target" choices={TARGET_CHOICES} />];

const Column = DataTable.Col<AdminStockThreshold>;

/** "Default" for the default row, else what the threshold applies to. */
export function useThresholdName(): (threshold: AdminStockThreshold) => string {
  const translate = useTranslate();
  return (threshold) => (threshold.target === 'default' ? translate('resources.stockThresholds.default_name') : threshold.name);
}

function TargetField(_props: { label?: string; source?: string }) {
  const threshold = useRecordContext<AdminStockThreshold>();
  const translate = useTranslate();
  if (!threshold) return null;
  return (
    <Chip
      size="small"
      variant={threshold.target === 'default' ? 'filled' : 'outlined'}
      color={threshold.target === 'default' ? 'secondary' : 'default'}
      label={translate(`resources.stockThresholds.target.${threshold.target}`)}
    />
  );
}

/** Only thresholds of their own can go; the default stays. */
function DeleteUnlessDefault() {
  const threshold = useRecordContext<AdminStockThreshold>();
  return threshold && threshold.target !== 'default' ? <DeleteButton mutationMode="pessimistic" redirect={false} /> : null;
}

/** The low-stock thresholds: the default for every line, and those of products, options, PUBG packages and Free Fire offers. */
export function StockThresholdList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const nameOf = useThresholdName();
  const translate = useTranslate();
  return (
    <List sort={{ field: 'id', order: 'ASC' }} perPage={50} filters={thresholdFilters} actions={<FilterCreateActions />}>
      {isSmall ? (
        <SimpleList<AdminStockThreshold>
          primaryText={(threshold) => nameOf(threshold)}
          secondaryText={(threshold) => translate(`resources.stockThresholds.target.${threshold.target}`)}
          tertiaryText={(threshold) => translate('resources.stockThresholds.below', { threshold: threshold.threshold })}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <Column source="name" disableSort render={(threshold) => nameOf(threshold)} />
          <Column source="target" disableSort>
            <TargetField />
          </Column>
          <Column source="threshold" align="right" sx={{ fontVariantNumeric: 'tabular-nums' }} />
          <Column source="updatedAt">
            <LocalizedDateField source="updatedAt" showTime />
          </Column>
          <Column align="right" sx={{ whiteSpace: 'nowrap' }}>
            <EditButton />
            <DeleteUnlessDefault />
          </Column>
        </DataTable>
      )}
    </List>
  );
}
