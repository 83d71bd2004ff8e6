import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import type { LastRateUpdate } from '@topup/common/api';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, useTranslate } from 'react-admin';
import { useFormatDateTime } from '../components/LocalizedDateField';
import { useNumberFormat } from '../components/useNumberFormat';
import { currencyCode, useRateFormat } from '../currencyRates/rate';
import { Panel } from './StatCard';

const pairOf = (row: { from: string; to: string }) => `${currencyCode(row.from)} → ${currencyCode(row.to)}`;

/** Who or what made the update: the provider (daily, or asked for by an admin) or an admin by hand. */
function sourceText(update: LastRateUpdate, translate: (key: string, options?: object) => string): string {
  const provider = update.provider ?? '—';
  const admin = update.admin ?? '—';
  if (update.trigger === 'admin') return translate('dashboard.rate_update.by_admin', { admin });
  if (update.trigger === 'manual') return translate('dashboard.rate_update.by_refresh', { provider, admin });
  return translate('dashboard.rate_update.by_schedule', { provider });
}

const STATUS_COLOR = { completed: 'success', skipped: 'default', failed: 'error', queued: 'warning' } as const;

/** The latest rate update: when, from where, what changed, and what was refused or failed. */
export function LastRateUpdatePanel({ update, loading }: { update: LastRateUpdate | null | undefined; loading: boolean }) {
  const translate = useTranslate();
  const basename = useBasename();
  const formatDateTime = useFormatDateTime();
  const formatRate = useRateFormat();
  const formatPercent = useNumberFormat({ maximumFractionDigits: 2, signDisplay: 'always' });
  return (
    <Panel
      title={translate('dashboard.rate_update.title')}
      icon={<CurrencyExchangeIcon />}
      action={
        <Button size="small" component={RouterLink} to={`${basename}/currencyRates`}>
          {translate('dashboard.rate_update.rates')}
        </Button>
      }
    >
      {loading ? (
        <Skeleton variant="rounded" height={120} sx={{ m: 2 }} />
      ) : !update ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {translate('dashboard.rate_update.none')}
        </Typography>
      ) : (
        <Box sx={{ px: 2, pb: 2, display: 'grid', gap: 1 }} data-testid="last-rate-update">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {formatDateTime(update.at)}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={STATUS_COLOR[update.status]}
              label={translate(`dashboard.rate_update.status.${update.error && update.status === 'queued' ? 'retrying' : update.status}`)}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {sourceText(update, translate)}
          </Typography>
          {update.changes.length > 0 ? (
            <List dense disablePadding>
              {update.changes.map((change) => (
                <ListItem key={pairOf(change)} disableGutters sx={{ py: 0 }}>
                  <ListItemText
                    primary={`${pairOf(change)}: ${formatRate(change.before)} → ${formatRate(change.after)}`}
                    slotProps={{ primary: { sx: { fontVariantNumeric: 'tabular-nums' } } }}
                  />
                </ListItem>
              ))}
            </List>
          ) : (
            update.status === 'completed' && (
              <Typography variant="body2" color="text.secondary">
                {translate('dashboard.rate_update.unchanged')}
              </Typography>
            )
          )}
          {update.refusals.map((refusal) => (
            <Alert key={pairOf(refusal)} severity="warning" sx={{ py: 0 }}>
              {translate('dashboard.rate_update.refused', {
                pair: pairOf(refusal),
                current: formatRate(refusal.current),
                offered: formatRate(refusal.offered),
                percent: formatPercent.format(Number(refusal.offered) >= Number(refusal.current) ? refusal.percent : -refusal.percent),
              })}
            </Alert>
          ))}
          {update.error && (
            <Alert severity="error" sx={{ py: 0 }}>
              {translate('dashboard.rate_update.error', { error: update.error })}
            </Alert>
          )}
        </Box>
      )}
    </Panel>
  );
}
