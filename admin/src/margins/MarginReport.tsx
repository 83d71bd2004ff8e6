import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, Chip, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import type { MarginReport as MarginReportData } from '@topup/common/api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { errorMessage, errorNotification } from '../components/errors';
import { httpClient } from '../dataProvider';
import { saveDownload } from '../lib/download';
import { formatMoney } from '../lib/money';
import { useApiRequest } from '../lib/useApiRequest';
import { defaultRange, MARGIN_REPORT_URL, rangeQuery } from './marginReport';

const COLUMNS = ['game', 'supplier', 'currency', 'deliveries', 'revenue', 'cost', 'margin', 'uncosted'] as const;
const NUMERIC = new Set<string>(['deliveries', 'revenue', 'cost', 'margin', 'uncosted']);

/** Margins per game, supplier and order currency over the days chosen, with the same figures as a CSV file. */
export function MarginReport() {
  const translate = useTranslate();
  const request = useApiRequest();
  const notify = useNotify();
  const [range, setRange] = useState(defaultRange);
  const valid = range.from !== '' && range.to !== '' && range.from <= range.to;
  const report = useQuery({
    queryKey: ['margin-report', range],
    queryFn: () => request<MarginReportData>('GET', `${MARGIN_REPORT_URL}?${rangeQuery(range)}`),
    enabled: valid,
  });

  async function download() {
    try {
      const { body, headers } = await httpClient(`${MARGIN_REPORT_URL}.csv?${rangeQuery(range)}`, { headers: new Headers({ Accept: 'text/csv' }) });
      saveDownload(body, headers, 'margins.csv');
    } catch (error) {
      notify(...errorNotification(error));
    }
  }

  const lines = report.data?.lines ?? [];
  return (
    <Box sx={{ mt: { xs: 1, sm: 2 }, mb: 3, display: 'grid', gap: 2 }}>
      <Title title={translate('margins.report.title')} />
      <Box>
        <Typography variant="h5" component="h1">
          {translate('margins.report.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('margins.report.intro')}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {(['from', 'to'] as const).map((end) => (
          <TextField
            key={end}
            type="date"
            size="small"
            label={translate(`margins.report.${end}`)}
            value={range[end]}
            onChange={(event) => setRange((current) => ({ ...current, [end]: event.target.value }))}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!valid} onClick={() => void download()}>
          {translate('margins.report.download')}
        </Button>
      </Box>
      {report.isError && (
        <Alert severity="error">
          {translate('margins.report.load_failed')} {translate(errorMessage(report.error), { _: errorMessage(report.error) })}
        </Alert>
      )}
      <Card sx={{ overflowX: 'auto' }}>
        {report.isPending && valid ? (
          <Skeleton variant="rounded" height={120} sx={{ m: 2 }} />
        ) : lines.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {translate('margins.report.empty')}
          </Typography>
        ) : (
          <Table size="small" aria-label={translate('margins.report.title')}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column} align={NUMERIC.has(column) ? 'right' : 'left'}>
                    {translate(`margins.report.columns.${column}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={`${line.game}-${line.supplier ?? ''}-${line.currency}`}>
                  <TableCell>{line.gameTitle}</TableCell>
                  <TableCell>{line.supplier ?? translate('margins.report.code_stock')}</TableCell>
                  <TableCell>{line.currency.toUpperCase()}</TableCell>
                  <TableCell align="right">{line.deliveries}</TableCell>
                  <TableCell align="right">{formatMoney(line.revenue, line.currency)}</TableCell>
                  <TableCell align="right">{formatMoney(line.cost, line.currency)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700, color: line.margin < 0 ? 'error.main' : undefined }}>
                    {formatMoney(line.margin, line.currency)}
                  </TableCell>
                  <TableCell align="right">{line.uncosted > 0 ? <Chip size="small" color="warning" label={line.uncosted} /> : 0}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
    </Box>
  );
}
