import { Box, Card, CardActionArea, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

interface StatCardProps {
  icon: ReactNode;
  title: string;
  value: ReactNode;
  to: { pathname: string; search: string };
  accent?: string;
}

/** One headline figure, linking to the list behind it (react-admin demo's CardWithIcon). */
export function StatCard({ icon, title, value, to, accent = '#8b6dff' }: StatCardProps) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 0 }}>
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, height: '100%' }}>
        <Box
          sx={{
            width: 48,
            height: 48,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
            color: accent,
            bgcolor: `${accent}22`,
          }}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0, textAlign: 'right', flex: 1 }}>
          <Typography variant="body2" color="text.secondary" noWrap>
            {title}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }} noWrap>
            {value}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** A titled panel of the dashboard. */
export function Panel({ title, icon, action, children }: { title: string; icon: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, px: 2, pt: 2, pb: 1 }}>
        <Box sx={{ color: 'secondary.main', display: 'flex' }}>{icon}</Box>
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: '1.05rem' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Card>
  );
}
