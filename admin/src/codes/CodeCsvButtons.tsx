import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Dialog, DialogContent, DialogTitle, useMediaQuery, type Theme } from '@mui/material';
import { useId, useState } from 'react';
import { Button, Form, TextInput, required, useListContext, useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { BulkUploadButton } from '../components/BulkUploadDialog';
import type { LinePreview } from '../components/bulkLines';
import { DialogSubmitActions } from '../components/DialogSubmitActions';
import { errorNotification } from '../components/errors';
import { useApiRequest } from '../lib/useApiRequest';
import { downloadCodesCsv, postCsvFile, postCsvText } from './codesApi';

/** A pasted CSV is checked by the store line by line; the preview only counts the lines after the header. */
function previewCsv(text: string): LinePreview {
  const lines = text.split('\n').filter((line) => line.trim() !== '').length;
  const total = Math.max(0, lines - 1);
  return { total, valid: total, problems: [], problemCount: 0 };
}

/** Loads codes from a CSV file whose lines name their product and region (the API's /admin/codes/import). */
export function CsvImportButton() {
  const request = useApiRequest();
  return (
    <BulkUploadButton
      label="resources.codes.csv.import"
      icon={<UploadFileIcon />}
      title="resources.codes.csv.import_title"
      defaultValues={{}}
      targetInputs={null}
      formatHelp="resources.codes.csv.format"
      preview={previewCsv}
      fileHelp="resources.codes.csv.file_help"
      sendLines={(_values, text) => postCsvText(request, text)}
      sendStream={(_values, body) => postCsvFile(body)}
    />
  );
}

function CsvExportDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { filterValues } = useListContext();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [sending, setSending] = useState(false);

  const submit = async (values: FieldValues) => {
    setSending(true);
    try {
      await downloadCodesCsv(filterValues as Record<string, unknown>, String(values.reason).trim());
      notify('resources.codes.csv.done', { type: 'info' });
      onClose();
    } catch (error) {
      await logoutIfAccessDenied(error);
      notify(...errorNotification(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <Form onSubmit={submit} defaultValues={{ reason: '' }}>
        <DialogTitle id={titleId}>{translate('resources.codes.csv.export_title')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('resources.codes.csv.export_text')}
          </Alert>
          <TextInput
            source="reason"
            label="resources.codes.csv.reason"
            helperText="resources.codes.csv.reason_help"
            validate={required()}
            multiline
            minRows={2}
            autoFocus
          />
        </DialogContent>
        <DialogSubmitActions onClose={onClose} closeLabel="ra.action.cancel" submitLabel="resources.codes.csv.submit" submitIcon={<DownloadIcon />} sending={sending} />
      </Form>
    </Dialog>
  );
}

/** Exports the codes the list's filters select, after asking why (the reason goes to the audit log). */
export function CsvExportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="resources.codes.csv.export" onClick={() => setOpen(true)}>
        <DownloadIcon />
      </Button>
      {open && <CsvExportDialog onClose={() => setOpen(false)} />}
    </>
  );
}
