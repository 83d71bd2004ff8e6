import { Box, Typography } from '@mui/material';
import { ORDER_CURRENCIES, PROMO_DISCOUNT_TYPES } from '@topup/common';
import {
  AutocompleteArrayInput,
  BooleanInput,
  DateTimeInput,
  FormDataConsumer,
  NumberInput,
  ReferenceArrayInput,
  required,
  SelectInput,
  SimpleForm,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { ColorInput, validateHexColor } from '../components/ColorInput';
import { TranslatedTextInput } from '../components/TranslatedTextInput';
import { PromotionBadge } from './PromotionBadge';

/** Longest promotion text the store keeps (it must fit a small badge). */
export const PROMOTION_TEXT_MAX_LENGTH = 200;

export const PROMOTION_FIELDS = [
  'text',
  'translations',
  'backgroundColor',
  'active',
  'sortOrder',
  'discountType',
  'discountValue',
  'currency',
  'productIds',
  'gameIds',
  'denominationIds',
  'validFrom',
  'validTo',
] as const;

export const PROMOTION_DEFAULTS = { text: '', backgroundColor: '#7c5cff', active: true, sortOrder: 0, discountType: null, productIds: [], gameIds: [], denominationIds: [] };

function integer(value: unknown) {
  return value === undefined || value === null || value === '' || Number.isSafeInteger(Number(value))
    ? undefined
    : 'app.validation.integer';
}

function BadgePreview() {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {translate('resources.promotions.preview')}
      </Typography>
      <Box
        sx={{
          p: 2,
          borderRadius: 2,
          minHeight: 64,
          display: 'flex',
          alignItems: 'flex-start',
          // The storefront's hero banner behind the badge.
          background: 'radial-gradient(420px 160px at 100% 0%, rgba(124,92,255,0.45), transparent 70%), #0b0d17',
        }}
      >
        <FormDataConsumer>
          {({ formData }) => (
            <PromotionBadge
              text={String(formData.text ?? '').trim() || translate('resources.promotions.preview_placeholder')}
              backgroundColor={formData.backgroundColor}
              dimmed={formData.active === false}
            />
          )}
        </FormDataConsumer>
      </Box>
    </Box>
  );
}

const discountTypeChoices = PROMO_DISCOUNT_TYPES.map((id) => ({ id, name: `resources.promotions.discount_type.${id}` }));
const currencyChoices = ORDER_CURRENCIES.map((id) => ({ id, name: id.toUpperCase() }));
/** A denomination by its name and amount: names repeat across games. */
const denominationText = (denomination: { name?: string; amount?: number }) => `${denomination.name ?? ''} (${denomination.amount ?? ''})`;

/**
 * The discount a promotion may carry (docs/architecture.md, "Promotions that discount"): its kind and
 * value, the currency of a fixed sum, what it applies to, picked by name, and its period.
 */
function DiscountInputs() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1">{translate('resources.promotions.discount_section')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('resources.promotions.discount_hint')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <SelectInput source="discountType" choices={discountTypeChoices} emptyText="resources.promotions.no_discount" />
        <FormDataConsumer>
          {({ formData }) =>
            formData.discountType ? (
              <>
                <NumberInput source="discountValue" validate={required()} min={0} helperText="resources.promotions.value_hint" />
                {formData.discountType === 'fixed' && (
                  <SelectInput source="currency" choices={currencyChoices} validate={required()} helperText="resources.promotions.currency_hint" />
                )}
              </>
            ) : null
          }
        </FormDataConsumer>
      </Box>
      <ReferenceArrayInput source="productIds" reference="products">
        <AutocompleteArrayInput optionText="title" fullWidth />
      </ReferenceArrayInput>
      <ReferenceArrayInput source="gameIds" reference="games">
        <AutocompleteArrayInput optionText="title" fullWidth />
      </ReferenceArrayInput>
      <ReferenceArrayInput source="denominationIds" reference="gameDenominations">
        <AutocompleteArrayInput optionText={denominationText} fullWidth helperText="resources.promotions.scope_hint" />
      </ReferenceArrayInput>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <DateTimeInput source="validFrom" />
        <DateTimeInput source="validTo" helperText="resources.promotions.period_hint" />
      </Box>
    </Box>
  );
}

/** Text, colour (with a live badge preview), active flag and position of a promotion, and its discount. */
export function PromotionForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm {...props}>
      <Box sx={{ width: '100%', maxWidth: 760 }}>
        <BadgePreview />
        <TranslatedTextInput source="text" maxLength={PROMOTION_TEXT_MAX_LENGTH} validate={required()} />
        <ColorInput source="backgroundColor" validate={[required(), validateHexColor]} helperText="resources.promotions.color_hint" />
        <BooleanInput source="active" helperText="resources.promotions.active_hint" />
        <NumberInput source="sortOrder" step={1} validate={[required(), integer]} helperText="resources.promotions.sort_hint" />
        <DiscountInputs />
      </Box>
    </SimpleForm>
  );
}
