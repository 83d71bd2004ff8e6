import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Button, Form, TextInput, useLogoutIfAccessDenied, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import type { BulkCodesResult } from '@topup/common/api';
import { byteLength, JSON_UPLOAD_MAX_BYTES, type LinePreview } from './bulkLines';
import { BulkResultView } from './BulkResultView';
import { FilePicker, LinePreviewView } from './BulkUploadParts';
import { DialogSubmitActions } from './DialogSubmitActions';
import { errorNotification } from './errors';

function PastedLinesPreview({ preview }: { preview: (text: string) => LinePreview }) {
  const text = (useWatch({ name: 'codes' }) as string | undefined) ?? '';
  const summary = useMemo(() => preview(text), [preview, text]);
  return <LinePreviewView preview={summary} />;
}

interface BulkUploadDialogProps {
  title: string;
  /** The inputs that say where the codes go (product and region, denomination ...). */
  targetInputs: ReactNode;
  defaultValues: Record<string, unknown>;
  /** The line format, shown under the text area. */
  formatHelp: string;
  preview: (text: string) => LinePreview;
  /** Shown under the file picker. */
  fileHelp: string;
  /** Sends pasted lines as JSON. */
  sendLines: (values: FieldValues, text: string) => Promise<BulkCodesResult>;
  /** Sends a file, or a paste above the JSON body limit, as a text/plain stream. */
  sendStream: (values: FieldValues, body: Blob) => Promise<BulkCodesResult>;
  onClose: () => void;
}

/**
 * Adds many codes at once: lines pasted into a text area (previewed as they are typed) or a text file
 * of any size. The answer lists what was added and each rejected line.
 */
function BulkUploadDialog(props: BulkUploadDialogProps) {
  const { title, targetInputs, defaultValues, formatHelp, preview, fileHelp, sendLines, sendStream, onClose } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [mode, setMode] = useState<'paste' | 'file'>('paste');
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<BulkCodesResult | null>(null);

  const submit = async (values: FieldValues) => {
    const text = String(values.codes ?? '');
    if (mode === 'file' && !file) return notify('catalogue.bulk.file_required', { type: 'warning' });
    if (mode === 'paste' && text.trim() === '') return notify('catalogue.bulk.lines_required', { type: 'warning' });
    setSending(true);
    setResult(null);
    try {
      const sent =
        mode === 'file' && file
          ? sendStream(values, file)
          : byteLength(text) > JSON_UPLOAD_MAX_BYTES
            ? sendStream(values, new Blob([text], { type: 'text/plain' }))
            : sendLines(values, text);
      setResult(await sent);
      refresh();
    } catch (error) {
      await logoutIfAccessDenied(error);
      notify(...errorNotification(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <Form onSubmit={submit} defaultValues={{ ...defaultValues, codes: '' }}>
        <DialogTitle id={titleId}>{translate(title)}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(240px, 1fr))' }, pt: 1 }}>
            {targetInputs}
          </Box>
          <Tabs value={mode} onChange={(_, value: 'paste' | 'file') => setMode(value)} sx={{ mb: 1 }}>
            <Tab value="paste" label={translate('catalogue.bulk.mode_paste')} />
            <Tab value="file" label={translate('catalogue.bulk.mode_file')} />
          </Tabs>
          {mode === 'paste' ? (
            <>
              <TextInput
                source="codes"
                label="catalogue.bulk.lines"
                multiline
                minRows={6}
                maxRows={14}
                helperText={formatHelp}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
              />
              <PastedLinesPreview preview={preview} />
            </>
          ) : (
            <>
              <FilePicker file={file} onChange={setFile} />
              <Box component="p" sx={{ color: 'text.secondary', typography: 'body2', mt: 0 }}>
                {translate(fileHelp)}
              </Box>
            </>
          )}
          {result && (
            <Box sx={{ mt: 2 }}>
              <BulkResultView result={result} />
            </Box>
          )}
        </DialogContent>
        <DialogSubmitActions onClose={onClose} closeLabel="ra.action.close" submitLabel="catalogue.bulk.submit" submitIcon={<CloudUploadIcon />} sending={sending} />
      </Form>
    </Dialog>
  );
}

/** A list toolbar's button that opens the bulk upload dialog. */
export function BulkUploadButton({ label, icon = <PlaylistAddIcon />, ...dialog }: Omit<BulkUploadDialogProps, 'onClose'> & { label: string; icon?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)}>
        {icon}
      </Button>
      {open && <BulkUploadDialog {...dialog} onClose={() => setOpen(false)} />}
    </>
  );
}
