import { useMediaQuery, type Theme } from '@mui/material';
import type { AdminPromotion } from '@topup/common/api';
import { BooleanInput, DataTable, DeleteButton, EditButton, List, SimpleList } from 'react-admin';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { InlineSwitchField, InlineSwitchListIcon } from '../components/InlineSwitchField';
import { SearchFilterInput } from '../components/SearchFilterInput';
import { FilterCreateActions } from '../components/ListActions';
import { ColorSwatchField, PromotionBadge, PromotionBadgeField } from './PromotionBadge';

const promotionFilters = [
  <SearchFilterInput key="q" source="q" alwaysOn placeholder="resources.promotions.filters.search" />,
  <BooleanInput key="active" source="active" />,
];

const Column = DataTable.Col<AdminPromotion>;

/** Promotions as the storefront shows them, in display order; the switch turns one on or off at once. */
export function PromotionList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List sort={{ field: 'sortOrder', order: 'ASC' }} perPage={25} filters={promotionFilters} actions={<FilterCreateActions />}>
      {isSmall ? (
        <SimpleList<AdminPromotion>
          primaryText={(promotion) => (
            <PromotionBadge text={promotion.text} backgroundColor={promotion.backgroundColor} dimmed={!promotion.active} />
          )}
          secondaryText={(promotion) => `${promotion.backgroundColor} · #${promotion.sortOrder}`}
          rightIcon={() => <InlineSwitchListIcon source="active" ariaLabel="resources.promotions.fields.active" />}
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
