import { Alert } from '@mui/material';
import type { AdminCode } from '@topup/common/api';
import { Edit, Labeled, ReferenceField, required, SimpleForm, TextField, useRecordContext, useTranslate } from 'react-admin';
import { StatusChip } from '../components/StatusChip';
import { codeUpdatePayload, formatRegion } from './codeForm';
import { CodePriceInputs } from './CodeInputs';
import { CodeRegionInput } from './RegionInputs';

function HeldNotice() {
  const record = useRecordContext<AdminCode>();
  const translate = useTranslate();
  if (!record || record.status === 'available') return null;
  return <Alert severity="info">{translate('resources.codes.held_notice')}</Alert>;
}

/** Prices, amount, popular flag and region of an available code; the code itself never changes. */
export function CodeEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={codeUpdatePayload} redirect="list">
      <SimpleForm sx={{ maxWidth: 760 }}>
        <HeldNotice />
        <Labeled source="productId">
          <ReferenceField source="productId" reference="products" link="edit" />
        </Labeled>
        <Labeled source="code">
          <TextField source="code" sx={{ fontFamily: 'monospace' }} />
        </Labeled>
        <Labeled source="status">
          <StatusChip />
        </Labeled>
        <CodeRegionInput source="regionId" format={formatRegion} validate={required()} />
        <CodePriceInputs />
      </SimpleForm>
    </Edit>
  );
}
