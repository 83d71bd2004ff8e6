import { AutocompleteInput, Create, ReferenceInput, required, SimpleForm, TextInput } from 'react-admin';
import { newCodePayload } from './codeForm';
import { CodePriceInputs } from './CodeInputs';
import { CodeRegionInput } from './RegionInputs';
import { GLOBAL_REGION } from './types';

/** One code by hand: product, region or global, the code itself, its amount and prices. */
export function CodeCreate() {
  return (
    <Create transform={newCodePayload} redirect="list">
      <SimpleForm defaultValues={{ regionId: GLOBAL_REGION, popular: false }} sx={{ maxWidth: 760 }}>
        <ReferenceInput source="productId" reference="products" sort={{ field: 'title', order: 'ASC' }}>
          <AutocompleteInput validate={required()} filterToQuery={(q: string) => (q ? { q } : {})} />
        </ReferenceInput>
        <CodeRegionInput source="regionId" validate={required()} />
        <TextInput
          source="code"
          validate={required()}
          helperText="resources.codes.help.code"
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <CodePriceInputs />
      </SimpleForm>
    </Create>
  );
}
