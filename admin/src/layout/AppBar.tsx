import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, TitlePortal, ToggleThemeButton, useTranslate } from 'react-admin';
import { LOCALES } from '../i18n';
import { Logo } from './Logo';

const phoneIconOnly = {
  '& .MuiButton-root': { minWidth: { xs: 0, sm: 64 }, fontSize: { xs: 0, sm: '0.875rem' } },
  '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
  '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'flex' } },
};

/** react-admin's app bar with the store's mark, a way back to the storefront, language and theme. */
export function AppBar() {
  const translate = useTranslate();
  return (
    <RaAppBar
      toolbar={
        <>
          {/* On a phone the menu's "Store" item leads there, and the language shows as its icon (the mark is hidden too): room for the page title. */}
          <Tooltip title={translate('app.open_storefront')}>
            <IconButton color="inherit" href="/" aria-label={translate('app.open_storefront')} sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
              <StorefrontIcon />
            </IconButton>
          </Tooltip>
          <Box sx={phoneIconOnly}>
            <LocalesMenuButton languages={LOCALES} />
          </Box>
          <ToggleThemeButton />
          <LoadingIndicator />
        </>
      }
    >
      <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 1.25, mr: 2 }}>
        <Logo size={28} />
        <Typography
          component="span"
          variant="subtitle1"
          sx={{ fontWeight: 800, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline' } }}
        >
          {translate('app.short_title')}
        </Typography>
      </Box>
      {/* A long title ("Сгенерированные коды") takes two lines on a phone rather than being cut. */}
      <TitlePortal
        variant="subtitle1"
        sx={{ color: 'text.secondary', fontWeight: 600, minWidth: 0, fontSize: { xs: '0.875rem', sm: '1rem' }, lineHeight: { xs: 1.2, sm: 1.75 }, whiteSpace: { xs: 'normal', sm: 'nowrap' } }}
      />
    </RaAppBar>
  );
}
