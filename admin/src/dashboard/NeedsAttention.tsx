import { Chip, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { Dashboard } from '@topup/common/api';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, useTranslate } from 'react-admin';
import { useFormatDateTime } from '../components/LocalizedDateField';

/**
 * The dashboard's inbox of orders a person should look at: flagged ones (their delivery ran out of
 * attempts, or money around them is in doubt, with the reason) and ones processing for too long, the
 * newest problem first; each opens its order.
 */
export function NeedsAttention({ orders }: { orders: Dashboard['needsAttention'] }) {
  const translate = useTranslate();
  const basename = useBasename();
  const formatDateTime = useFormatDateTime();
  if (orders.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
        {translate('needs_attention.none')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding sx={{ pb: 1, maxHeight: 360, overflowY: 'auto' }} data-testid="needs-attention">
      {orders.map((order) => (
        <ListItemButton key={order.orderId} component={RouterLink} to={`${basename}/orders/${order.orderId}/show`}>
          <ListItemText
            primary={`#${order.orderId} · ${order.userNickname} · ${translate(`resources.orders.kind.${order.kind}`, { _: order.kind })}`}
            secondary={order.reason ?? translate('needs_attention.stuck', { since: formatDateTime(order.since) })}
            slotProps={{ primary: { noWrap: true }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
            sx={{ minWidth: 0 }}
          />
          <Chip
            size="small"
            color={order.flagged ? 'error' : 'warning'}
            label={translate(order.flagged ? 'needs_attention.flagged' : 'resources.orders.status.processing')}
            sx={{ ml: 1, flexShrink: 0 }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}
