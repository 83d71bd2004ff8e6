import { Box } from '@mui/material';
import { BooleanInput, NumberInput, required } from 'react-admin';
import { validatePositiveInteger, validatePrice } from '../components/validators';

const priceValidators = [required(), validatePrice];
const amountValidators = [required(), validatePositiveInteger];

/** Game amount and the two prices side by side, then the popular flag. */
export function CodePriceInputs() {
  return (
    <>
      <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, width: '100%', maxWidth: 720 }}>
        <NumberInput source="gameAmount" min={1} step={1} validate={amountValidators} />
        <NumberInput source="priceUsd" min={0} step={0.01} validate={priceValidators} />
        <NumberInput source="priceRub" min={0} step={0.01} validate={priceValidators} />
      </Box>
      <BooleanInput source="popular" helperText="resources.codes.help.popular" />
    </>
  );
}
