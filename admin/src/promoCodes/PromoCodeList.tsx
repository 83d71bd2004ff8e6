import type { AdminPromoCode } from '@topup/common/api';
import { BooleanInput, DataTable, EditButton, List, useRecordContext, useTranslate } from 'react-admin';
import { FilterCreateActions } from '../components/ListActions';
import { InlineSwitchField } from '../components/InlineSwitchField';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { SearchFilterInput } from '../components/SearchFilterInput';
import { formatMoney } from '../lib/money';

const promoCodeFilters = [
  <SearchFilterInput key="q" source="q" alwaysOn placeholder="resources.promoCodes.filters.search" />,
  <BooleanInput key="active" source="active" />,
];

const Column = DataTable.Col<AdminPromoCode>;

/** "10 %", or "150,50 ₽". */
function DiscountField() {
  const code = useRecordContext<AdminPromoCode>();
  if (!code) return null;
  return <span>{code.discountType === 'percent' ? `${code.discountValue} %` : formatMoney(code.discountValue, code.currency)}</span>;
}

/** Its uses against its limit: "3 of 100", or "3". */
function UsesField() {
  const code = useRecordContext<AdminPromoCode>();
  const translate = useTranslate();
  if (!code) return null;
  return <span>{code.usageLimit === null ? code.uses : translate('resources.promoCodes.uses_of', { uses: code.uses, limit: code.usageLimit })}</span>;
}

function ScopeField() {
  const code = useRecordContext<AdminPromoCode>();
  const translate = useTranslate();
  if (!code) return null;
  const scope = translate(`resources.promoCodes.scope.${code.scope}`);
  return <span>{code.scopeIds.length > 0 ? `${scope}: ${code.scopeIds.join(', ')}` : scope}</span>;
}

/** Every promo code with its discount, scope, period and uses; the switch turns one on or off at once. */
export function PromoCodeList() {
  return (
    <List sort={{ field: 'id', order: 'DESC' }} perPage={25} filters={promoCodeFilters} actions={<FilterCreateActions />}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <Column source="code" sx={{ fontFamily: 'monospace', fontWeight: 700 }} />
        <Column source="discountValue" label="resources.promoCodes.fields.discountType" disableSort>
          <DiscountField />
        </Column>
        <Column source="scope" disableSort>
          <ScopeField />
        </Column>
        <Column source="validTo">
          <LocalizedDateField source="validTo" />
        </Column>
        <Column source="uses" align="right">
          <UsesField />
        </Column>
        <Column source="active">
          <InlineSwitchField source="active" ariaLabel="resources.promoCodes.fields.active" />
        </Column>
        <Column align="right" sx={{ whiteSpace: 'nowrap' }}>
          <EditButton />
        </Column>
      </DataTable>
    </List>
  );
}
