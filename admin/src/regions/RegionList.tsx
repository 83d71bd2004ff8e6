import { useMediaQuery, type Theme } from '@mui/material';
import type { AdminRegion } from '@topup/common/api';
import { BooleanInput, DataTable, DeleteButton, EditButton, List, SimpleList } from 'react-admin';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { InlineSwitchField, InlineSwitchListIcon } from '../components/InlineSwitchField';
import { SearchFilterInput } from '../components/SearchFilterInput';
import { FilterCreateActions } from '../components/ListActions';
import { RegionFlag, RegionFlagField } from './RegionFlag';

const regionFilters = [
  <SearchFilterInput key="q" source="q" alwaysOn placeholder="resources.regions.filters.search" />,
  <BooleanInput key="isActive" source="isActive" />,
];

const Column = DataTable.Col<AdminRegion>;

/** Regions products are sold in; the switch turns one on or off at once. */
export function RegionList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List sort={{ field: 'name', order: 'ASC' }} perPage={25} filters={regionFilters} actions={<FilterCreateActions />}>
      {isSmall ? (
        <SimpleList<AdminRegion>
          leftIcon={(region) => <RegionFlag flag={region.flag} />}
          primaryText={(region) => region.name}
          secondaryText={(region) => [region.code, region.gameCurrency].filter(Boolean).join(' · ')}
          rightIcon={() => <InlineSwitchListIcon source="isActive" ariaLabel="resources.regions.fields.isActive" />}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <Column source="flag" disableSort>
            <RegionFlagField />
          </Column>
          <Column source="name" sx={{ fontWeight: 600 }} />
          <Column source="code" />
          <Column source="gameCurrency" disableSort />
          <Column source="isActive">
            <InlineSwitchField source="isActive" ariaLabel="resources.regions.fields.isActive" />
          </Column>
          <Column source="createdAt">
            <LocalizedDateField source="createdAt" />
          </Column>
          <Column align="right" sx={{ whiteSpace: 'nowrap' }}>
            <EditButton />
            <DeleteButton mutationMode="pessimistic" redirect={false} confirmContent="resources.regions.delete_content" />
          </Column>
        </DataTable>
      )}
    </List>
  );
}
