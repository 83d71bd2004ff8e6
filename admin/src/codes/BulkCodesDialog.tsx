import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { useState } from 'react';
import { AutocompleteInput, Button, ReferenceInput, required } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { byteLength, JSON_UPLOAD_MAX_BYTES, previewManualCodeLines } from '../components/bulkLines';
import { BulkUploadDialog, type BulkContent } from '../components/BulkUploadDialog';
import { useApiRequest } from '../lib/useApiRequest';
import { postCodeFile, postCodeLines } from './codesApi';
import { CodeRegionInput } from './RegionInputs';
import { GLOBAL_REGION } from './types';

/** Bulk add of manual codes: lines `code, USD price, RUB price, game amount`, pasted or as a file. */
export function BulkCodesButton({ defaultProductId }: { defaultProductId?: number }) {
  const [open, setOpen] = useState(false);
  const request = useApiRequest();

  const send = (values: FieldValues, content: BulkContent) => {
    const target = { productId: Number(values.productId), regionId: Number(values.regionId) };
    if ('file' in content) return postCodeFile(target, content.file);
    // A paste above the JSON body limit goes up the streamed way, as a file would.
    return byteLength(content.text) > JSON_UPLOAD_MAX_BYTES
      ? postCodeFile(target, new Blob([content.text], { type: 'text/plain' }))
      : postCodeLines(request, target, content.text);
  };

  return (
    <>
      <Button label="resources.codes.bulk.open" onClick={() => setOpen(true)}>
        <PlaylistAddIcon />
      </Button>
      {open && (
        <BulkUploadDialog
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
          allowFile
          fileHelp="resources.codes.bulk.file_help"
          send={send}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
