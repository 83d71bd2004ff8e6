import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { useState } from 'react';
import { Button, ReferenceInput, required, SelectInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { byteLength, JSON_UPLOAD_MAX_BYTES, previewSingleCodeLines } from '../components/bulkLines';
import { BulkUploadDialog, type BulkContent } from '../components/BulkUploadDialog';
import { useApiRequest } from '../lib/useApiRequest';
import { postPubgCodeFile, postPubgCodeLines } from './pubgApi';

export const ucText = (denomination: { ucAmount: number }) => `${denomination.ucAmount} UC`;

/** Bulk add of PUBG codes, one a line, pasted or as a file (streamed, like a paste above the JSON body limit). */
export function PubgBulkButton({ defaultDenominationId }: { defaultDenominationId?: number }) {
  const [open, setOpen] = useState(false);
  const request = useApiRequest();

  const send = (values: FieldValues, content: BulkContent) => {
    const denominationId = Number(values.denominationId);
    if ('file' in content) return postPubgCodeFile(denominationId, content.file);
    return byteLength(content.text) > JSON_UPLOAD_MAX_BYTES
      ? postPubgCodeFile(denominationId, new Blob([content.text], { type: 'text/plain' }))
      : postPubgCodeLines(request, denominationId, content.text);
  };

  return (
    <>
      <Button label="resources.pubgCodes.bulk.open" onClick={() => setOpen(true)}>
        <PlaylistAddIcon />
      </Button>
      {open && (
        <BulkUploadDialog
          title="resources.pubgCodes.bulk.title"
          defaultValues={{ denominationId: defaultDenominationId }}
          targetInputs={
            <ReferenceInput source="denominationId" reference="pubgDenominations" perPage={200} sort={{ field: 'ucAmount', order: 'ASC' }}>
              <SelectInput label="resources.pubgCodes.fields.denominationId" optionText={ucText} validate={required()} />
            </ReferenceInput>
          }
          formatHelp="resources.pubgCodes.bulk.format"
          preview={previewSingleCodeLines}
          allowFile
          fileHelp="resources.pubgCodes.bulk.file_help"
          send={send}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
