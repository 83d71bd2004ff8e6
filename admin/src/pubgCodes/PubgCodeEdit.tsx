import { Edit, Labeled, SimpleForm, TextField } from 'react-admin';
import { pickFields } from '../components/payload';
import { StatusChip } from '../components/StatusChip';
import { PubgDenominationInput } from './PubgDenominationInput';
import { PubgTabs } from './PubgTabs';

/** An available code may move to another package; the code itself never changes (delete it and add it anew). */
const payload = (values: Record<string, unknown>) => pickFields(values, ['denominationId']);

export function PubgCodeEdit() {
  return (
    <>
      <PubgTabs />
      <Edit mutationMode="pessimistic" transform={payload} redirect="list">
        <SimpleForm sx={{ maxWidth: 560 }}>
          <Labeled source="code">
            <TextField source="code" sx={{ fontFamily: 'monospace' }} />
          </Labeled>
          <Labeled source="status">
            <StatusChip />
          </Labeled>
          <Labeled source="errorMessage">
            <TextField source="errorMessage" emptyText="—" />
          </Labeled>
          <PubgDenominationInput />
        </SimpleForm>
      </Edit>
    </>
  );
}
