import EventIcon from '@mui/icons-material/Event';
import FlagIcon from '@mui/icons-material/Flag';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Card, CardContent } from '@mui/material';
import { ORDER_STATUSES } from '@topup/common';
import { FilterList, FilterListItem } from 'react-admin';
import { DATE_RANGE_PRESETS, presetRange } from './dateRange';

/** Quick filters beside the orders list on wide screens: a status, flagged orders, a creation-date range. */
export function OrderListAside() {
  const now = new Date();
  return (
    <Card variant="outlined" sx={{ order: -1, mr: 2, mt: 2, width: 220, flexShrink: 0, alignSelf: 'flex-start' }}>
      <CardContent>
        <FilterList label="resources.orders.filters.status" icon={<FlagIcon />}>
          {ORDER_STATUSES.map((status) => (
            <FilterListItem key={status} label={`resources.orders.status.${status}`} value={{ status }} />
          ))}
        </FilterList>
        <FilterList label="order_attention.filter" icon={<WarningAmberIcon />}>
          <FilterListItem label="order_attention.marker" value={{ needsAttention: true }} />
        </FilterList>
        <FilterList label="resources.orders.filters.created" icon={<EventIcon />}>
          {DATE_RANGE_PRESETS.map((preset) => (
            <FilterListItem key={preset} label={`resources.orders.filters.${preset}`} value={presetRange(preset, now)} />
          ))}
        </FilterList>
      </CardContent>
    </Card>
  );
}
