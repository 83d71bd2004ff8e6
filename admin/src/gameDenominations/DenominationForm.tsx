import { Box, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import type { AdminGameDenomination, DenominationSource } from '@topup/common/api';
import { supplierProductName } from '../supplierProducts/supplierProductName';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatMoney } from '../lib/money';
import { FormRow } from '../components/FormLayout';
import { TranslatedTextInput } from '../components/TranslatedTextInput';
import { sourceKindChoices, validateDenomination } from './denominationForm';

/** A supplier's product as a source: chosen among those its catalogue matched to the denomination's game. */
function SupplierProductInput({ gameId }: { gameId: number | undefined }) {
  return (
    <ReferenceInput source="supplierProductId" reference="supplierProducts" filter={gameId === undefined ? {} : { gameId }} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput
        label="resources.gameDenominations.fields.source.supplierProductId"
        optionText={supplierProductName}
        isRequired
        helperText={false}
        sx={{ minWidth: 320 }}
      />
    </ReferenceInput>
  );
}

/** What the denomination's cheapest source costs in each sale currency, so a price below it shows before saving. */
function CheapestCost() {
  const denomination = useRecordContext<AdminGameDenomination>();
  const translate = useTranslate();
  const cost = denomination?.cheapestCost;
  if (!cost || (cost.usd === null && cost.rub === null)) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('resources.gameDenominations.cheapest_cost', { usd: formatMoney(cost.usd, 'USD'), rub: formatMoney(cost.rub, 'RUB') })}
    </Typography>
  );
}

/** Name and unit in every language, amount, prices, the game's offer id, order, active flag, the sources it is delivered from and whether it may sell at a loss. */
export function DenominationForm({
  defaultValues,
  toolbar,
  children,
}: {
  defaultValues?: Record<string, unknown>;
  toolbar?: ReactElement;
  /** Inputs above the rest (the game, on create). */
  children?: ReactElement;
}) {
  return (
    // noValidate: the form's own rules word every problem in the admin's language; the browser's checks (a
    // price against its 0.01 step) would stop the save with a bubble of their own.
    <SimpleForm noValidate validate={validateDenomination} defaultValues={defaultValues} toolbar={toolbar} sx={{ maxWidth: 960 }}>
      {children}
      <TranslatedTextInput source="name" maxLength={200} isRequired helperText="resources.gameDenominations.help.name" />
      <TranslatedTextInput source="unit" maxLength={50} helperText="resources.gameDenominations.help.unit" />
      <Box sx={{ width: '100%' }}>
        <FormRow>
          <NumberInput source="amount" min={1} step={1} isRequired />
          <NumberInput source="priceUsd" min={0} step={0.01} isRequired />
          <NumberInput source="priceRub" min={0} step={0.01} isRequired />
        </FormRow>
        <FormRow>
          <NumberInput source="sortOrder" step={1} helperText="resources.gameDenominations.help.sortOrder" />
          <NumberInput source="itemId" min={1} step={1} helperText="resources.gameDenominations.help.itemId" />
        </FormRow>
      </Box>
      <BooleanInput source="active" helperText="resources.gameDenominations.help.active" />
      <CheapestCost />
      <BooleanInput source="sellAtLoss" helperText="resources.gameDenominations.help.sellAtLoss" />
      <ArrayInput source="sources" isRequired helperText="resources.gameDenominations.help.sources">
        <SimpleFormIterator inline disableClear>
          <SelectInput source="kind" label="resources.gameDenominations.fields.source.kind" choices={sourceKindChoices} isRequired helperText={false} />
          <FormDataConsumer<{ gameId?: number }>>
            {({ formData, scopedFormData }) =>
              (scopedFormData as DenominationSource | undefined)?.kind === 'supplier' && <SupplierProductInput gameId={formData.gameId} />
            }
          </FormDataConsumer>
          <NumberInput source="priority" label="resources.gameDenominations.fields.source.priority" min={1} max={100} step={1} isRequired helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}
