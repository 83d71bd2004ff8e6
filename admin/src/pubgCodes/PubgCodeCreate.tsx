import { Create, required, SimpleForm, TextInput } from 'react-admin';
import { pickFields } from '../components/payload';
import { PubgDenominationInput } from './PubgDenominationInput';
import { PubgTabs } from './PubgTabs';

const payload = (values: Record<string, unknown>) => {
  const data = pickFields(values, ['denominationId', 'code']);
  return { ...data, code: String(data.code ?? '').trim() };
};

export function PubgCodeCreate() {
  return (
    <>
      <PubgTabs />
      <Create transform={payload} redirect="list">
        <SimpleForm sx={{ maxWidth: 560 }}>
          <PubgDenominationInput />
          <TextInput
            source="code"
            validate={required()}
            autoComplete="off"
            helperText="resources.pubgCodes.help.code"
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </SimpleForm>
      </Create>
    </>
  );
}
