import { Box } from '@mui/material';
import { ORDER_CURRENCIES, PROMO_DISCOUNT_TYPES, PROMO_SCOPES } from '@topup/common';
import { BooleanInput, DateTimeInput, NumberInput, required, SelectInput, SimpleForm, TextInput, type SimpleFormProps } from 'react-admin';

const choicesOf = (values: readonly string[], prefix: string) => values.map((id) => ({ id, name: `${prefix}.${id}` }));
const currencyChoices = ORDER_CURRENCIES.map((id) => ({ id, name: id.toUpperCase() }));

/** A promo code's rules (docs/architecture.md, "Promo codes"); the code itself is typed once, on create. */
export function PromoCodeForm({ edit = false, ...props }: Omit<SimpleFormProps, 'children'> & { edit?: boolean }) {
  return (
    <SimpleForm {...props}>
      <Box sx={{ width: '100%', maxWidth: 640 }}>
        <TextInput source="code" validate={required()} disabled={edit} helperText="resources.promoCodes.code_hint" fullWidth />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <SelectInput source="discountType" choices={choicesOf(PROMO_DISCOUNT_TYPES, 'resources.promoCodes.discount_type')} validate={required()} />
          <NumberInput source="discountValue" validate={required()} min={0} helperText="resources.promoCodes.value_hint" />
          <SelectInput source="currency" choices={currencyChoices} emptyText="resources.promoCodes.any_currency" helperText="resources.promoCodes.currency_hint" />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <SelectInput source="scope" choices={choicesOf(PROMO_SCOPES, 'resources.promoCodes.scope')} validate={required()} />
          <TextInput
            source="scopeIds"
            format={(ids: unknown) => (Array.isArray(ids) ? ids.join(', ') : String(ids ?? ''))}
            helperText="resources.promoCodes.scope_ids_hint"
          />
        </Box>
        <NumberInput source="minOrder" min={0} />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <DateTimeInput source="validFrom" />
          <DateTimeInput source="validTo" />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <NumberInput source="usageLimit" min={1} step={1} />
          <NumberInput source="perUserLimit" min={1} step={1} />
        </Box>
        <BooleanInput source="active" />
      </Box>
    </SimpleForm>
  );
}
