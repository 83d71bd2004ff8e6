import { Box, Typography } from '@mui/material';
import {
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  required,
  SimpleForm,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { ColorInput, validateHexColor } from '../components/ColorInput';
import { TranslatedTextInput } from '../components/TranslatedTextInput';
import { PromotionBadge } from './PromotionBadge';

/** Longest promotion text the store keeps (it must fit a small badge). */
export const PROMOTION_TEXT_MAX_LENGTH = 200;

export const PROMOTION_FIELDS = ['text', 'translations', 'backgroundColor', 'active', 'sortOrder'] as const;

export const PROMOTION_DEFAULTS = { text: '', backgroundColor: '#7c5cff', active: true, sortOrder: 0 };

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

/** Text, colour (with a live badge preview), active flag and position of a promotion. */
export function PromotionForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm {...props}>
      <Box sx={{ width: '100%', maxWidth: 760 }}>
        <BadgePreview />
        <TranslatedTextInput source="text" maxLength={PROMOTION_TEXT_MAX_LENGTH} validate={required()} />
        <ColorInput source="backgroundColor" validate={[required(), validateHexColor]} helperText="resources.promotions.color_hint" />
        <BooleanInput source="active" helperText="resources.promotions.active_hint" />
        <NumberInput source="sortOrder" step={1} validate={[required(), integer]} helperText="resources.promotions.sort_hint" />
      </Box>
    </SimpleForm>
  );
}
