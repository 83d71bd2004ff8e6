import InventoryIcon from '@mui/icons-material/Inventory2';
import TuneIcon from '@mui/icons-material/Tune';
import { Button, Chip, List, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import type { Dashboard as DashboardData } from '@topup/common/api';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, useTranslate } from 'react-admin';
import { lowStockLink } from './links';
import { Panel } from './StatCard';

/** What is below its low-stock threshold, each line leading to its codes; the thresholds are a click away. */
export function LowStockPanel({ lines }: { lines: DashboardData['lowStock'] | undefined }) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Panel
      title={translate('dashboard.low_stock')}
      icon={<InventoryIcon />}
      action={
        <Button size="small" startIcon={<TuneIcon fontSize="small" />} component={RouterLink} to={`${basename}/stockThresholds`}>
          {translate('dashboard.low_stock_thresholds')}
        </Button>
      }
    >
      {!lines ? (
        <Skeleton variant="rounded" height={200} sx={{ m: 2 }} />
      ) : lines.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {translate('dashboard.low_stock_none')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ pb: 1, maxHeight: 360, overflowY: 'auto' }}>
          {lines.map((line) => (
            <ListItemButton key={`${line.kind}-${line.id}-${line.name}`} component={RouterLink} to={lowStockLink(line, basename)}>
              <ListItemText
                primary={line.name}
                secondary={translate(`dashboard.stock_kind.${line.kind}`)}
                // A line names product, region, amount and price: it wraps rather than losing its end.
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                sx={{ minWidth: 0 }}
              />
              <Chip
                size="small"
                color={line.available === 0 ? 'error' : 'warning'}
                label={translate('dashboard.available_of', { smart_count: line.available, threshold: line.threshold })}
                sx={{ ml: 1, flexShrink: 0 }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Panel>
  );
}
