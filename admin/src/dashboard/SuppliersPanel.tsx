import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Box, Chip, List, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import type { Dashboard } from '@topup/common/api';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, useTranslate } from 'react-admin';
import { useFormatDateTime } from '../components/LocalizedDateField';
import { formatMoney } from '../lib/money';
import { Panel } from './StatCard';

/** Each supplier's balance (marked when low), the orders waiting at it or for its balance, and today's failures. */
export function SuppliersPanel({ suppliers }: { suppliers: Dashboard['suppliers'] | undefined }) {
  const translate = useTranslate();
  const basename = useBasename();
  const formatDateTime = useFormatDateTime();
  return (
    <Panel title={translate('dashboard.suppliers')} icon={<LocalShippingIcon />}>
      {!suppliers ? (
        <Skeleton variant="rounded" height={80} sx={{ m: 2 }} />
      ) : suppliers.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {translate('dashboard.suppliers_none')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ pb: 1 }} aria-label={translate('dashboard.suppliers')}>
          {suppliers.map((supplier) => (
            <ListItemButton key={supplier.id} component={RouterLink} to={`${basename}/suppliers/${supplier.id}`}>
              <ListItemText
                primary={
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {supplier.name}
                    </Typography>
                    <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {supplier.balance === null ? translate('dashboard.supplier_balance_unread') : formatMoney(supplier.balance, supplier.balanceCurrency)}
                    </Typography>
                    {supplier.low && <Chip size="small" color="warning" label={translate('dashboard.supplier_low')} />}
                    {!supplier.active && <Chip size="small" variant="outlined" label={translate('dashboard.supplier_off')} />}
                  </Box>
                }
                secondary={[
                  translate('dashboard.supplier_waiting', { smart_count: supplier.waiting }),
                  ...(supplier.waitingForBalance > 0 ? [translate('dashboard.supplier_waiting_for_balance', { smart_count: supplier.waitingForBalance })] : []),
                  translate('dashboard.supplier_failures_today', { smart_count: supplier.failuresToday }),
                  ...(supplier.balanceCheckedAt ? [formatDateTime(supplier.balanceCheckedAt)] : []),
                ].join(' · ')}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Panel>
  );
}
