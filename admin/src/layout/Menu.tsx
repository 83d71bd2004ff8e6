import DashboardIcon from '@mui/icons-material/Dashboard';
import QueueIcon from '@mui/icons-material/Queue';
import SecurityIcon from '@mui/icons-material/Security';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Divider, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { Menu as RaMenu, useBasename, useSidebarState, useTranslate } from 'react-admin';
import { DASHBOARD_PATH } from '../dashboard/Dashboard';
import { useOpenQueueDashboard } from '../dashboard/queueDashboard';
import { MARGIN_REPORT_PATH } from '../margins/marginReport';

/** The dashboard and the resources, then two-factor authentication, the queue dashboard and a link back to the store. */
export function Menu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  // Links inside react-admin carry its basename (/admin) themselves.
  const basename = useBasename();
  const openQueueDashboard = useOpenQueueDashboard();
  return (
    // Long names ("Сгенерированные коды") wrap onto a second line instead of being cut.
    <RaMenu sx={{ '& .MuiMenuItem-root, & .MuiMenuItem-root .MuiTypography-noWrap': { whiteSpace: 'normal' } }}>
      <RaMenu.Item to={`${basename}${DASHBOARD_PATH}`} primaryText={translate('dashboard.title')} leftIcon={<DashboardIcon />} />
      <RaMenu.ResourceItems />
      <RaMenu.Item to={`${basename}${MARGIN_REPORT_PATH}`} primaryText={translate('margins.report.menu')} leftIcon={<TrendingUpIcon />} />
      <Divider sx={{ my: 1 }} />
      <RaMenu.Item to={`${basename}/two-factor`} primaryText={translate('two_factor.menu')} leftIcon={<SecurityIcon />} />
      {/* bull-board, in a new tab, once the API has set its session cookie. */}
      <MenuItem onClick={() => void openQueueDashboard()} title={open ? undefined : translate('dashboard.queue_dashboard')} sx={{ color: 'text.secondary' }}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <QueueIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('dashboard.queue_dashboard')}</ListItemText>
      </MenuItem>
      {/* The storefront lives outside the back office's router: a plain link. */}
      <MenuItem component="a" href="/" title={open ? undefined : translate('app.storefront')} sx={{ color: 'text.secondary' }}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <StorefrontIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('app.storefront')}</ListItemText>
      </MenuItem>
    </RaMenu>
  );
}
