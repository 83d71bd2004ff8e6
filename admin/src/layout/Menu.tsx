import StorefrontIcon from '@mui/icons-material/Storefront';
import { Divider, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';

/** The dashboard and the resources (added with their folders), then a link back to the store. */
export function Menu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  return (
    <RaMenu>
      <RaMenu.DashboardItem />
      <RaMenu.ResourceItems />
      <Divider sx={{ my: 1 }} />
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
