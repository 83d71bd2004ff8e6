import { Box } from '@mui/material';
import { BooleanInput, NumberInput, required, SimpleForm } from 'react-admin';
import { pickFields } from '../components/payload';
import { TranslatedTextInput } from '../components/TranslatedTextInput';
import { validatePositiveInteger, validatePrice } from '../components/validators';

export const pubgDenominationPayload = (values: Record<string, unknown>) =>
  pickFields(values, ['ucAmount', 'name', 'translations', 'priceUsd', 'priceRub', 'active']);

/** After a save the admin is back on the PUBG tab's denominations. */
export const DENOMINATIONS_PATH = '/pubgCodes/denominations';

export function PubgDenominationForm({ defaultValues, toolbar }: { defaultValues?: Record<string, unknown>; toolbar?: React.ReactNode }) {
  return (
    <SimpleForm defaultValues={defaultValues} toolbar={toolbar} sx={{ maxWidth: 760 }}>
      <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, width: '100%' }}>
        <NumberInput source="ucAmount" min={1} step={1} validate={[required(), validatePositiveInteger]} />
        <NumberInput source="priceUsd" min={0} step={0.01} validate={[required(), validatePrice]} />
        <NumberInput source="priceRub" min={0} step={0.01} validate={[required(), validatePrice]} />
      </Box>
      <TranslatedTextInput source="name" maxLength={100} helperText="resources.pubgDenominations.help.name" />
      <BooleanInput source="active" helperText="resources.pubgDenominations.help.active" />
    </SimpleForm>
  );
}
