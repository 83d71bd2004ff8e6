import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button as MuiButton, List, ListItem, Typography } from '@mui/material';
import { MAX_INT, MAX_PRICE } from '@topup/common';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { LinePreview } from './bulkLines';
import { useNumberFormat } from './useNumberFormat';

/** A file size the way people read it: "812 B", "4.2 MB". */
export function formatBytes(bytes: number, format: Intl.NumberFormat): string {
  if (bytes < 1024) return `${format.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${format.format(Math.round((bytes / 1024) * 10) / 10)} KB`;
  return `${format.format(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;
}

/** A text file chosen for a streamed upload; the file is sent as it is, never read into the page. */
export function FilePicker({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) {
  const translate = useTranslate();
  const format = useNumberFormat();
  const inputId = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', py: 1 }}>
      <input
        id={inputId}
        type="file"
        accept=".txt,.csv,text/plain,text/csv"
        hidden
        data-testid="bulk-file-input"
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <MuiButton component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />}>
        {translate(file ? 'catalogue.bulk.file_change' : 'catalogue.bulk.file_choose')}
      </MuiButton>
      <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
        {file ? `${file.name} · ${formatBytes(file.size, format)}` : translate('catalogue.bulk.file_none')}
      </Typography>
    </Box>
  );
}

/** What the pasted lines look like before they are sent: counts and the first problems. */
export function LinePreviewView({ preview }: { preview: LinePreview }) {
  const translate = useTranslate();
  const format = useNumberFormat();
  if (preview.total === 0) return null;
  return (
    <Alert severity={preview.problemCount > 0 ? 'warning' : 'info'} sx={{ mt: 1 }} data-testid="bulk-preview">
      {translate('catalogue.bulk.preview', {
        smart_count: preview.total,
        total: format.format(preview.total),
        valid: format.format(preview.valid),
      })}
      {preview.problemCount > 0 && (
        <List dense disablePadding sx={{ mt: 0.5 }}>
          {preview.problems.map((problem) => (
            <ListItem key={problem.line} disableGutters sx={{ py: 0 }}>
              {translate('catalogue.bulk.preview_problem', {
                line: problem.line,
                problem: translate(`catalogue.bulk.problems.${problem.problem}`, {
                  first: problem.firstLine ?? '',
                  max_price: format.format(MAX_PRICE),
                  max_amount: format.format(MAX_INT),
                }),
              })}
            </ListItem>
          ))}
          {preview.problemCount > preview.problems.length && (
            <ListItem disableGutters sx={{ py: 0 }}>
              {translate('catalogue.bulk.preview_more', { count: format.format(preview.problemCount - preview.problems.length) })}
            </ListItem>
          )}
        </List>
      )}
    </Alert>
  );
}
