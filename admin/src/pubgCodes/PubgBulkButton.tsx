import type { FieldValues } from 'react-hook-form';
import { previewSingleCodeLines } from '../components/bulkLines';
import { BulkUploadButton } from '../components/BulkUploadDialog';
import { useApiRequest } from '../lib/useApiRequest';
import { postPubgCodeFile, postPubgCodeLines } from './pubgApi';
import { PubgDenominationInput } from './PubgDenominationInput';

const denominationOf = (values: FieldValues) => Number(values.denominationId);

/** Bulk add of PUBG codes, one a line, pasted or as a file. */
export function PubgBulkButton({ defaultDenominationId }: { defaultDenominationId?: number }) {
  const request = useApiRequest();
  return (
    <BulkUploadButton
      label="resources.pubgCodes.bulk.open"
      title="resources.pubgCodes.bulk.title"
      defaultValues={{ denominationId: defaultDenominationId }}
      targetInputs={<PubgDenominationInput label="resources.pubgCodes.fields.denominationId" />}
      formatHelp="resources.pubgCodes.bulk.format"
      preview={previewSingleCodeLines}
      fileHelp="resources.pubgCodes.bulk.file_help"
      sendLines={(values, text) => postPubgCodeLines(request, denominationOf(values), text)}
      sendStream={(values, body) => postPubgCodeFile(denominationOf(values), body)}
    />
  );
}
