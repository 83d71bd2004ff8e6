import { Box, Typography } from '@mui/material';
import type { AdminStockThreshold } from '@topup/common/api';
import {
  AutocompleteInput,
  Create,
  Edit,
  FormDataConsumer,
  maxValue,
  minValue,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  required,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { pickFields } from '../components/payload';
import { SaveDeleteToolbar } from '../components/SaveDeleteToolbar';
import { useThresholdName } from './StockThresholdList';
import { createPayload, NEW_TARGET_CHOICES } from './targets';

const validateThreshold = [required(), minValue(0), maxValue(1_000_000)];

function ThresholdInput() {
  return <NumberInput source="threshold" min={0} step={1} validate={validateThreshold} helperText="resources.stockThresholds.threshold_hint" />;
}

function TargetLabel() {
  const threshold = useRecordContext<AdminStockThreshold>();
  const translate = useTranslate();
  const nameOf = useThresholdName();
  if (!threshold) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6" component="h1">
        {nameOf(threshold)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`resources.stockThresholds.target.${threshold.target}`)}
      </Typography>
    </Box>
  );
}

/** Only the number changes; what it applies to is fixed. The default cannot be deleted. */
function EditToolbar() {
  const threshold = useRecordContext<AdminStockThreshold>();
  return threshold?.target === 'default' ? (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  ) : (
    <SaveDeleteToolbar />
  );
}

export function StockThresholdEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={(data: Record<string, unknown>) => pickFields(data, ['threshold'] as const)} redirect="list">
      <SimpleForm toolbar={<EditToolbar />} sx={{ maxWidth: 520 }}>
        <TargetLabel />
        <ThresholdInput />
      </SimpleForm>
    </Edit>
  );
}

/** A threshold of its own for a product (optionally one region and/or amount of it), a PUBG package or a Free Fire offer. */
export function StockThresholdCreate() {
  return (
    <Create transform={createPayload} redirect="list">
      <SimpleForm defaultValues={{ target: 'product', threshold: 10 }} sx={{ maxWidth: 520 }}>
        <RadioButtonGroupInput source="target" choices={NEW_TARGET_CHOICES} validate={required()} />
        <FormDataConsumer<{ target?: string }>>
          {({ formData }) =>
            formData.target === 'pubg' ? (
              <ReferenceInput source="pubgDenominationId" reference="pubgDenominations" sort={{ field: 'ucAmount', order: 'ASC' }}>
                <AutocompleteInput validate={required()} fullWidth />
              </ReferenceInput>
            ) : formData.target === 'freefire' ? (
              <ReferenceInput source="freefireDenominationId" reference="freefireCodes">
                <AutocompleteInput validate={required()} fullWidth />
              </ReferenceInput>
            ) : (
              <>
                <ReferenceInput source="productId" reference="products">
                  <AutocompleteInput validate={required()} fullWidth />
                </ReferenceInput>
                <ReferenceInput source="regionId" reference="regions">
                  <AutocompleteInput helperText="resources.stockThresholds.region_hint" fullWidth />
                </ReferenceInput>
                <NumberInput source="gameAmount" min={1} step={1} helperText="resources.stockThresholds.game_amount_hint" />
              </>
            )
          }
        </FormDataConsumer>
        <ThresholdInput />
      </SimpleForm>
    </Create>
  );
}
