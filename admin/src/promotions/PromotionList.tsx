import { useMediaQuery, type Theme } from '@mui/material';
import type { AdminPromotion } from '@topup/common/api';
import { BooleanInput, DataTable, DeleteButton, EditButton, FunctionField, List, SimpleList, useLocale, useTranslate } from 'react-admin';
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

/** "−10%" or "−50 RUB", or nothing for a badge only. */
export const discountText = (promotion: Pick<AdminPromotion, 'discountType' | 'discountValue' | 'currency'>): string =>
  promotion.discountType === null || promotion.discountValue === null
    ? ''
    : promotion.discountType === 'percent'
      ? `−${promotion.discountValue}%`
      : `−${promotion.discountValue} ${(promotion.currency ?? '').toUpperCase()}`;

/** The period as dates in the admin's language, "Always" when both ends are open. */
function PeriodField() {
  const translate = useTranslate();
  const locale = useLocale();
  const write = (moment: string | null) => (moment ? new Date(moment).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '…');
  return (
    <FunctionField<AdminPromotion>
      render={(promotion) =>
        promotion.validFrom === null && promotion.validTo === null ? translate('resources.promotions.always') : `${write(promotion.validFrom)} – ${write(promotion.validTo)}`
      }
    />
  );
}

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
          secondaryText={(promotion) => [discountText(promotion), promotion.backgroundColor, `#${promotion.sortOrder}`].filter(Boolean).join(' · ')}
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
          <Column source="discountType" label="resources.promotions.discount" disableSort>
            <FunctionField<AdminPromotion> render={discountText} />
          </Column>
          <Column source="validFrom" label="resources.promotions.period" disableSort>
            <PeriodField />
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
