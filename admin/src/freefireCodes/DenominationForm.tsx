import { Box } from '@mui/material';
import { BooleanInput, NumberInput, SimpleForm } from 'react-admin';
import { TranslatedTextInput } from '../components/TranslatedTextInput';
import { validateFreefireDenomination } from './denominationForm';

/** Name and offer id, amount and prices, active flag: all but the flag are required. */
export function DenominationForm({ defaultValues }: { defaultValues?: Record<string, unknown> }) {
  return (
    <SimpleForm validate={validateFreefireDenomination} defaultValues={defaultValues} sx={{ maxWidth: 760 }}>
      <TranslatedTextInput source="name" maxLength={200} isRequired />
      <NumberInput source="item_id" min={1} step={1} isRequired helperText="resources.freefireCodes.help.item_id" sx={{ maxWidth: 360 }} />
      <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, width: '100%' }}>
        <NumberInput source="game_amount" min={1} step={1} isRequired />
        <NumberInput source="price" min={0} step={0.01} isRequired />
        <NumberInput source="price_rub" min={0} step={0.01} isRequired />
      </Box>
      <BooleanInput source="is_active" helperText="resources.freefireCodes.help.is_active" />
    </SimpleForm>
  );
}
