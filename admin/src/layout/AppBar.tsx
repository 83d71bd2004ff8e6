import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, TitlePortal, ToggleThemeButton, useTranslate } from 'react-admin';
import { LOCALES } from '../i18n';
import { Logo } from './Logo';

/** react-admin's app bar with the store's mark, a way back to the storefront, language and theme. */
export function AppBar() {
  const translate = useTranslate();
  return (
    <RaAppBar
      toolbar={
        <>
          <Tooltip title={translate('app.open_storefront')}>
            <IconButton color="inherit" href="/" aria-label={translate('app.open_storefront')}>
              <StorefrontIcon />
            </IconButton>
          </Tooltip>
          <LocalesMenuButton languages={LOCALES} />
          <ToggleThemeButton />
          <LoadingIndicator />
        </>
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mr: 2 }}>
        <Logo size={28} />
        <Typography
          component="span"
          variant="subtitle1"
          sx={{ fontWeight: 800, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline' } }}
        >
          {translate('app.short_title')}
        </Typography>
      </Box>
      <TitlePortal variant="subtitle1" sx={{ color: 'text.secondary', fontWeight: 600 }} />
    </RaAppBar>
  );
}
