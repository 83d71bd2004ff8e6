import HomeIcon from '@mui/icons-material/Home';
import PersonIcon from '@mui/icons-material/Person';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { Logo } from '../layout/Logo';

/** The back office's start page: a welcome and the way to the storefront. Resources arrive with their folders. */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const name = identity?.fullName;

  return (
    <Box sx={{ mt: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 1100 }}>
      <Title title={translate('dashboard.title')} />
      <Card
        variant="outlined"
        sx={{
          position: 'relative',
          overflow: 'hidden',
          background: (theme) =>
            theme.palette.mode === 'dark'
              ? 'radial-gradient(600px 240px at 100% 0%, rgba(124,92,255,0.35), transparent 70%), radial-gradient(500px 200px at 0% 100%, rgba(34,211,238,0.12), transparent 70%), #131829'
              : 'radial-gradient(600px 240px at 100% 0%, rgba(124,92,255,0.16), transparent 70%), #ffffff',
        }}
      >
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
          <Logo size={64} />
          <Box sx={{ flex: '1 1 320px' }}>
            <Typography variant="h4" component="h1" gutterBottom>
              {name ? translate('dashboard.welcome', { name }) : translate('dashboard.welcome_anonymous')}
            </Typography>
            <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
              {translate('dashboard.intro')}
            </Typography>
            {name && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                {translate('dashboard.signed_in_as', { name })}
              </Typography>
            )}
          </Box>
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
            <StorefrontIcon color="secondary" />
            <Typography variant="h6" component="h2">
              {translate('dashboard.store_title')}
            </Typography>
          </Stack>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('dashboard.store_text')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button variant="contained" href="/" startIcon={<HomeIcon />}>
              {translate('dashboard.home')}
            </Button>
            <Button variant="outlined" href="/products" startIcon={<StorefrontIcon />}>
              {translate('dashboard.products')}
            </Button>
            <Button variant="outlined" href="/profile" startIcon={<PersonIcon />}>
              {translate('dashboard.profile')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
