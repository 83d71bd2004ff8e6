import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AuditLogRecord } from '@topup/common/api';
import { diffRows, displayValue, type DiffRow } from './auditDiff';
import { useFieldLabel } from './AuditFields';

function ValueCell({ value, highlight }: { value: unknown; highlight?: 'removed' | 'added' }) {
  const translate = useTranslate();
  const text = displayValue(value);
  return (
    <TableCell
      sx={{
        fontFamily: 'monospace',
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        maxWidth: 420,
        verticalAlign: 'top',
        ...(highlight === 'removed' && { bgcolor: 'rgba(244, 67, 54, 0.12)' }),
        ...(highlight === 'added' && { bgcolor: 'rgba(76, 175, 80, 0.14)' }),
      }}
    >
      {text === '' ? translate('resources.audit-log.diff.empty') : text}
    </TableCell>
  );
}

function Row({ row, label }: { row: DiffRow; label: (field: string) => string }) {
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: row.changed ? 700 : 400, verticalAlign: 'top', whiteSpace: 'nowrap' }} title={row.field}>
        {row.field ? label(row.field) : ''}
      </TableCell>
      <ValueCell value={row.before} highlight={row.changed ? 'removed' : undefined} />
      <ValueCell value={row.after} highlight={row.changed ? 'added' : undefined} />
    </TableRow>
  );
}

/** A recorded change's record before and after: changed fields highlighted, unchanged ones folded away. */
export function AuditDiff() {
  const entry = useRecordContext<AuditLogRecord>();
  const translate = useTranslate();
  const [showUnchanged, setShowUnchanged] = useState(false);
  const label = useFieldLabel(entry?.entity ?? '');
  if (!entry) return null;
  const rows = diffRows(entry.before, entry.after);
  if (rows.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        {translate('resources.audit-log.diff.no_changes')}
      </Typography>
    );
  }
  const changed = rows.filter((row) => row.changed);
  const unchanged = rows.filter((row) => !row.changed);
  return (
    <Box sx={{ overflowX: 'auto', py: 1 }}>
      <Table size="small" aria-label={translate('resources.audit-log.fields.action')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.audit-log.diff.field')}</TableCell>
            <TableCell>{translate('resources.audit-log.diff.before')}</TableCell>
            <TableCell>{translate('resources.audit-log.diff.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changed.map((row) => (
            <Row key={row.field} row={row} label={label} />
          ))}
          {showUnchanged && unchanged.map((row) => <Row key={row.field} row={row} label={label} />)}
        </TableBody>
      </Table>
      {unchanged.length > 0 && (
        <Button size="small" onClick={() => setShowUnchanged((shown) => !shown)} sx={{ mt: 1 }}>
          {showUnchanged
            ? translate('resources.audit-log.diff.hide_unchanged')
            : translate('resources.audit-log.diff.unchanged', { smart_count: unchanged.length })}
        </Button>
      )}
    </Box>
  );
}
