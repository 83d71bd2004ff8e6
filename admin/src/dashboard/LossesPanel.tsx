import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import { Chip, List, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import type { Dashboard } from '@topup/common/api';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, useTranslate } from 'react-admin';
import { formatMoney } from '../lib/money';
import { Panel } from './StatCard';

/** Denominations whose cheapest source costs more than their price: not sold unless an admin confirmed it. */
export function LossesPanel({ lines }: { lines: Dashboard['lossDenominations'] | undefined }) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Panel title={translate('dashboard.losses')} icon={<TrendingDownIcon />}>
      {!lines ? (
        <Skeleton variant="rounded" height={60} sx={{ m: 2 }} />
      ) : lines.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {translate('dashboard.losses_none')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ pb: 1 }} aria-label={translate('dashboard.losses')}>
          {lines.map((line) => (
            <ListItemButton key={`${line.id}-${line.currency}`} component={RouterLink} to={`${basename}/gameDenominations/${line.id}`}>
              <ListItemText
                primary={`${line.gameTitle} · ${line.name}`}
                secondary={translate('dashboard.loss_line', { price: formatMoney(line.price, line.currency), cost: formatMoney(line.cost, line.currency) })}
              />
              <Chip
                size="small"
                color={line.sellAtLoss ? 'warning' : 'error'}
                label={translate(line.sellAtLoss ? 'dashboard.loss_confirmed' : 'dashboard.loss_not_sold')}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Panel>
  );
}
