import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One named fact of a record's page: a small label over its value, which wraps anywhere. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Box sx={{ overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}
