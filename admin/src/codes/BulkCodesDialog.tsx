import { AutocompleteInput, ReferenceInput, required } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { previewManualCodeLines } from '../components/bulkLines';
import { BulkUploadButton } from '../components/BulkUploadDialog';
import { useApiRequest } from '../lib/useApiRequest';
import { postCodeFile, postCodeLines } from './codesApi';
import { CodeRegionInput } from './RegionInputs';
import { GLOBAL_REGION } from './types';

const targetOf = (values: FieldValues) => ({ productId: Number(values.productId), regionId: Number(values.regionId) });

/** Bulk add of manual codes: lines `code, USD price, RUB price, game amount`, pasted or as a file. */
export function BulkCodesButton({ defaultProductId }: { defaultProductId?: number }) {
  const request = useApiRequest();
  return (
    <BulkUploadButton
      label="resources.codes.bulk.open"
      title="resources.codes.bulk.title"
      defaultValues={{ productId: defaultProductId, regionId: GLOBAL_REGION }}
      targetInputs={
        <>
          <ReferenceInput source="productId" reference="products" sort={{ field: 'title', order: 'ASC' }}>
            <AutocompleteInput
              label="resources.codes.fields.productId"
              validate={required()}
              filterToQuery={(q: string) => (q ? { q } : {})}
            />
          </ReferenceInput>
          <CodeRegionInput source="regionId" label="resources.codes.fields.regionId" validate={required()} />
        </>
      }
      formatHelp="resources.codes.bulk.format"
      preview={previewManualCodeLines}
      fileHelp="resources.codes.bulk.file_help"
      sendLines={(values, text) => postCodeLines(request, targetOf(values), text)}
      sendStream={(values, body) => postCodeFile(targetOf(values), body)}
    />
  );
}
