import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LockClockIcon from '@mui/icons-material/LockClock';
import FactoryIcon from '@mui/icons-material/Factory';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PaidIcon from '@mui/icons-material/Paid';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { ORDER_STATUSES } from '@topup/common';
import type { Dashboard as DashboardData } from '@topup/common/api';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { RecordContextProvider, Title, useBasename, useGetIdentity, useTranslate } from 'react-admin';
import { StatusChip } from '../components/StatusChip';
import { errorMessage } from '../components/errors';
import { progressPercent } from '../components/progress';
import { listLink } from '../lib/listLink';
import { formatMoney } from '../lib/money';
import { useApiRequest } from '../lib/useApiRequest';
import { OrderStatusChip } from '../orders/OrderStatusField';
import { LastRateUpdatePanel } from './LastRateUpdatePanel';
import { LoginLockouts } from './LoginLockouts';
import { LossesPanel } from './LossesPanel';
import { LowStockPanel } from './LowStockPanel';
import { NeedsAttention } from './NeedsAttention';
import { useOpenQueueDashboard } from './queueDashboard';
import { Panel, StatCard } from './StatCard';
import { SupportInboxCard } from './SupportInboxCard';
import { SuppliersPanel } from './SuppliersPanel';

const dashboardStack = { display: 'grid', gap: 2, alignContent: 'start' } as const;

export const DASHBOARD_URL = '/api/admin/dashboard';
/** The figures refresh on their own this often while the page is open. */
const REFRESH_MS = 30_000;

function Empty({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
      {text}
    </Typography>
  );
}

function OrdersByStatus({ data }: { data: DashboardData['ordersByStatus'] }) {
  const basename = useBasename();
  return (
    <List dense disablePadding sx={{ pb: 1 }}>
      {ORDER_STATUSES.map((status) => (
        <ListItemButton key={status} component={RouterLink} to={listLink('orders', { status }, basename)}>
          <ListItemText primary={<OrderStatusChip status={status} />} />
          <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{data[status] ?? 0}</Typography>
        </ListItemButton>
      ))}
    </List>
  );
}

function FailedJobs({ queues }: { queues: DashboardData['failedJobs'] }) {
  const translate = useTranslate();
  const openQueueDashboard = useOpenQueueDashboard();
  return (
    <List dense disablePadding sx={{ pb: 1 }}>
      {queues.map(({ queue, count }) => (
        <ListItemButton key={queue} onClick={() => void openQueueDashboard(queue)}>
          <ListItemText primary={translate(`dashboard.queue.${queue}`, { _: queue })} secondary={queue} />
          {count === null ? (
            <Chip size="small" variant="outlined" label={translate('dashboard.queue_unknown')} />
          ) : (
            <Chip
              size="small"
              color={count > 0 ? 'error' : 'success'}
              variant={count > 0 ? 'filled' : 'outlined'}
              label={translate('dashboard.failed', { smart_count: count })}
            />
          )}
        </ListItemButton>
      ))}
    </List>
  );
}

function Generation({ requests }: { requests: DashboardData['generation'] }) {
  const translate = useTranslate();
  const basename = useBasename();
  if (requests.length === 0) return <Empty text={translate('dashboard.generation_none')} />;
  return (
    <List dense disablePadding sx={{ pb: 1 }}>
      {requests.map((request) => (
        <ListItem key={request.id} disablePadding>
          <ListItemButton component={RouterLink} to={listLink('generatedCodes', { generationRequestId: request.id }, basename)}>
            <ListItemText
              primary={
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                    {request.id.slice(0, 8)}
                  </Typography>
                  <RecordContextProvider value={request}>
                    <StatusChip source="status" />
                  </RecordContextProvider>
                  <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto', fontVariantNumeric: 'tabular-nums' }}>
                    {request.generated} / {request.count}
                  </Typography>
                </Box>
              }
              secondary={
                <LinearProgress variant="determinate" value={progressPercent(request.generated, request.count)} sx={{ mt: 0.75, borderRadius: 1 }} />
              }
              slotProps={{ secondary: { component: 'div' } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** Where the dashboard opens, inside the back office (its start page is Products, as the specification has it). */
export const DASHBOARD_PATH = '/dashboard';

/** The back office's overview: today's sales, orders by status, suppliers, losses, low stock, failed jobs, code generation, the last rate update. */
export function Dashboard() {
  const translate = useTranslate();
  const request = useApiRequest();
  const basename = useBasename();
  const openQueueDashboard = useOpenQueueDashboard();
  const { identity } = useGetIdentity();
  const dashboard = useQuery({
    queryKey: ['admin-dashboard'],
    queryFn: () => request<DashboardData>('GET', DASHBOARD_URL),
    refetchInterval: REFRESH_MS,
  });
  const data = dashboard.data;
  const completedToday = listLink('orders', { status: 'completed' }, basename);

  return (
    <Box sx={{ mt: { xs: 1, sm: 2 }, mb: 3, display: 'grid', gap: 2 }}>
      <Title title={translate('dashboard.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 auto' }}>
          <Typography variant="h5" component="h1">
            {identity?.fullName ? translate('dashboard.welcome', { name: identity.fullName }) : translate('dashboard.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('dashboard.intro')}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<OpenInNewIcon />} onClick={() => void openQueueDashboard()}>
          {translate('dashboard.queue_dashboard')}
        </Button>
      </Box>

      {dashboard.isError && (
        <Alert severity="error" action={<Button onClick={() => void dashboard.refetch()}>{translate('ra.action.refresh')}</Button>}>
          {translate('dashboard.load_failed')} {translate(errorMessage(dashboard.error), { _: errorMessage(dashboard.error) })}
        </Alert>
      )}

      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(4, minmax(0, 1fr))' } }}
        aria-label={translate('dashboard.sales_today')}
        role="group"
      >
        {data ? (
          <>
            <StatCard icon={<PaidIcon />} title={translate('dashboard.sales_usd')} value={formatMoney(data.salesToday.usd, 'usd')} to={completedToday} />
            <StatCard
              icon={<PaidIcon />}
              title={translate('dashboard.sales_rub')}
              value={formatMoney(data.salesToday.rub, 'rub')}
              to={completedToday}
              accent="#22d3ee"
            />
            <StatCard
              icon={<PaidIcon />}
              title={translate('dashboard.sales_uzs')}
              value={formatMoney(data.salesToday.uzs, 'uzs')}
              to={completedToday}
              accent="#34d399"
            />
            <StatCard
              icon={<ShoppingCartIcon />}
              title={translate('dashboard.orders_today')}
              value={data.salesToday.orders}
              to={completedToday}
              accent="#f59e0b"
            />
          </>
        ) : (
          [0, 1, 2, 3].map((key) => <Skeleton key={key} variant="rounded" height={82} />)
        )}
      </Box>

      {/* Three stacks, each as tall as its own cards: the inboxes a person acts on, the store's figures, the stock. */}
      <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        <Box sx={dashboardStack}>
          <Panel title={translate('needs_attention.title')} icon={<WarningAmberIcon />}>
            {data ? <NeedsAttention orders={data.needsAttention} /> : <Skeleton variant="rounded" height={120} sx={{ m: 2 }} />}
          </Panel>
          <Panel title={translate('dashboard.login_lockouts')} icon={<LockClockIcon />}>
            {data ? <LoginLockouts lockouts={data.loginLockouts} /> : <Skeleton variant="rounded" height={60} sx={{ m: 2 }} />}
          </Panel>
          <SupportInboxCard inbox={data?.supportInbox} />
          <LastRateUpdatePanel update={data?.lastRateUpdate} loading={!data} />
        </Box>
        <Box sx={dashboardStack}>
          <SuppliersPanel suppliers={data?.suppliers} />
          <LossesPanel lines={data?.lossDenominations} />
          <Panel title={translate('dashboard.orders_by_status')} icon={<ReceiptLongIcon />}>
            {data ? <OrdersByStatus data={data.ordersByStatus} /> : <Skeleton variant="rounded" height={200} sx={{ m: 2 }} />}
          </Panel>
          <Panel
            title={translate('dashboard.failed_jobs')}
            icon={<ErrorOutlineIcon />}
            action={
              <Button size="small" endIcon={<OpenInNewIcon fontSize="small" />} onClick={() => void openQueueDashboard()}>
                {translate('dashboard.open')}
              </Button>
            }
          >
            {data ? <FailedJobs queues={data.failedJobs} /> : <Skeleton variant="rounded" height={120} sx={{ m: 2 }} />}
          </Panel>
          <Panel title={translate('dashboard.generation')} icon={<FactoryIcon />}>
            {data ? <Generation requests={data.generation} /> : <Skeleton variant="rounded" height={120} sx={{ m: 2 }} />}
          </Panel>
        </Box>
        <LowStockPanel lines={data?.lowStock} />
      </Box>
    </Box>
  );
}
