import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';

/** A titled group of a form's inputs (a catalogue record's "what it is", "in the store" …). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ width: '100%', maxWidth: 960, '&:not(:first-of-type)': { mt: 2 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

/** Inputs side by side on wide screens, stacked on a phone. */
export function FormRow({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(220px, 1fr))' } }}>
      {children}
    </Box>
  );
}

/** The picture the form's `imageUrl` points to, once one is typed; `alt` is a translation key. */
export function ImageUrlPreview({ alt }: { alt: string }) {
  const imageUrl = useWatch({ name: 'imageUrl' }) as string | null | undefined;
  const translate = useTranslate();
  if (!imageUrl?.trim()) return null;
  return (
    <Box
      component="img"
      src={imageUrl}
      alt={translate(alt)}
      sx={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 2, border: 1, borderColor: 'divider', mb: 2 }}
    />
  );
}
