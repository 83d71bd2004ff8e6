import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanInput,
  CreateButton,
  DataTable,
  DeleteButton,
  EditButton,
  FilterButton,
  List,
  SearchInput,
  SimpleList,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { InlineSwitchField } from '../components/InlineSwitchField';
import { ColorSwatchField, PromotionBadge, PromotionBadgeField } from './PromotionBadge';
import type { AdminPromotion } from './types';

const promotionFilters = (translate: (key: string) => string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.promotions.filters.search')} />,
  <BooleanInput key="active" source="active" />,
];

const Column = DataTable.Col<AdminPromotion>;

function PromotionListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
    </TopToolbar>
  );
}

/** Promotions as the storefront shows them, in display order; the switch turns one on or off at once. */
export function PromotionList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List sort={{ field: 'sortOrder', order: 'ASC' }} perPage={25} filters={promotionFilters(translate)} actions={<PromotionListActions />}>
      {isSmall ? (
        <SimpleList<AdminPromotion>
          primaryText={(promotion) => (
            <PromotionBadge text={promotion.text} backgroundColor={promotion.backgroundColor} dimmed={!promotion.active} />
          )}
          secondaryText={(promotion) => `${promotion.backgroundColor} · #${promotion.sortOrder}`}
          rightIcon={() => (
            <Box component="span" onClick={(event) => event.stopPropagation()}>
              <InlineSwitchField source="active" ariaLabel="resources.promotions.fields.active" />
            </Box>
          )}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <Column source="text" label="resources.promotions.badge">
            <PromotionBadgeField />
          </Column>
          <Column source="backgroundColor" disableSort>
            <ColorSwatchField />
          </Column>
          <Column source="active">
            <InlineSwitchField source="active" ariaLabel="resources.promotions.fields.active" />
          </Column>
          <Column source="sortOrder" align="right" />
          <Column source="createdAt">
            <LocalizedDateField source="createdAt" />
          </Column>
          <Column align="right" sx={{ whiteSpace: 'nowrap' }}>
            <EditButton />
            <DeleteButton mutationMode="pessimistic" redirect={false} />
          </Column>
        </DataTable>
      )}
    </List>
  );
}
