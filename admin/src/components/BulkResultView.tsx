import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BulkCodesResult } from '@topup/common/api';
import { useNumberFormat } from './useNumberFormat';

/** What a bulk upload added and every rejected line with its reason. */
export function BulkResultView({ result }: { result: BulkCodesResult }) {
  const translate = useTranslate();
  const format = useNumberFormat();
  const { rejectedCount } = result;

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="bulk-result">
      <Alert severity={result.added > 0 ? 'success' : 'info'}>
        {translate('catalogue.bulk.added', { smart_count: result.added, count: format.format(result.added) })}
      </Alert>
      {rejectedCount > 0 && (
        <>
          <Alert severity="warning">
            {translate('catalogue.bulk.rejected', { smart_count: rejectedCount, count: format.format(rejectedCount) })}
            {rejectedCount > result.rejected.length &&
              ` ${translate('catalogue.bulk.rejected_first', { shown: format.format(result.rejected.length) })}`}
          </Alert>
          <Box sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label={translate('catalogue.bulk.rejected_table')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 80 }}>{translate('catalogue.bulk.line')}</TableCell>
                  <TableCell sx={{ width: 140 }}>{translate('catalogue.bulk.reason')}</TableCell>
                  <TableCell>{translate('catalogue.bulk.details')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.rejected.map((row) => (
                  <TableRow key={row.line}>
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.line}</TableCell>
                    <TableCell>{translate(`catalogue.bulk.reasons.${row.reason}`, { _: row.reason })}</TableCell>
                    <TableCell>
                      <Typography variant="body2" color="text.secondary">
                        {row.message}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Box>
  );
}
