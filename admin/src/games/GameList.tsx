import { Box, Chip, useMediaQuery, type Theme } from '@mui/material';
import type { AdminGame } from '@topup/common/api';
import { DataTable, List, SelectInput, SimpleList, useRecordContext, useTranslate } from 'react-admin';
import { CatalogueThumbnail, CatalogueTitleCell } from '../components/CatalogueTitle';
import { InlineSwitchField } from '../components/InlineSwitchField';
import { FilterCreateActions } from '../components/ListActions';
import { NumberColumn } from '../components/NumberColumn';
import { RowActions, RowEditButton } from '../components/RowActions';
import { SearchFilterInput } from '../components/SearchFilterInput';
import { listTableSx, noWrap, scrollableListSx } from '../components/tableStyles';

const activeChoices = [
  { id: 'true', name: 'resources.games.filters.active' },
  { id: 'false', name: 'resources.games.filters.inactive' },
];

const gameFilters = [
  <SearchFilterInput key="q" source="q" alwaysOn placeholder="resources.games.filters.search" />,
  <SelectInput key="active" source="active" choices={activeChoices} label="resources.games.fields.active" alwaysOn />,
];

/** The fields a shopper fills, by label, and whether the page checks the player. */
function FieldsCell() {
  const record = useRecordContext<AdminGame>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {record.fields.map((field) => (
        <Chip key={field.key} size="small" variant="outlined" label={field.label} />
      ))}
      {record.playerCheck && <Chip size="small" color="secondary" label={translate('resources.games.player_check_on')} />}
    </Box>
  );
}

/** Every game the store tops up: search, the active filter, the active switch in the row. */
export function GameList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List sx={scrollableListSx} filters={gameFilters} actions={<FilterCreateActions />} sort={{ field: 'sortOrder', order: 'ASC' }} perPage={25}>
      {isSmall ? (
        <SimpleList<AdminGame>
          leftAvatar={() => <CatalogueThumbnail />}
          primaryText={(record) => record.title}
          secondaryText={(record) =>
            `/products/${record.slug} · ${translate('resources.games.field_count', { smart_count: record.fields.length })}`
          }
          tertiaryText={(record) => (record.active ? '' : translate('resources.games.filters.inactive'))}
          rowClick="edit"
        />
      ) : (
        <DataTable sx={listTableSx} rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="id" />
          <DataTable.Col source="title">
            <CatalogueTitleCell />
          </DataTable.Col>
          <DataTable.Col label="resources.games.fields.fieldCount" disableSort>
            <FieldsCell />
          </DataTable.Col>
          <NumberColumn source="denominationCount" disableSort />
          <NumberColumn source="sortOrder" />
          <DataTable.Col source="active" disableSort>
            <InlineSwitchField source="active" ariaLabel="resources.games.fields.active" />
          </DataTable.Col>
          <DataTable.Col label="resources.games.fields.actions" align="right" cellSx={noWrap}>
            <RowActions>
              <RowEditButton />
            </RowActions>
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
