import { Alert, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useApiRequest } from '../lib/useApiRequest';
import { errorMessage, errorNotification } from './errors';

/**
 * Settings read from `url` and saved to it with `method`: once saved, the card shows what the API
 * answered and says `${texts}.saved`; a refusal is notified as the API worded it.
 */
export function useSettings<T, Body>({ url, method, texts }: { url: string; method: 'POST' | 'PUT'; texts: string }) {
  const notify = useNotify();
  const request = useApiRequest();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['settings', url], queryFn: () => request<T>('GET', url) });
  const save = useMutation({
    mutationFn: (body: Body) => request<T>(method, url, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(['settings', url], saved);
      notify(`${texts}.saved`, { type: 'info' });
    },
    onError: (error) => notify(...errorNotification(error)),
  });
  return { settings, save };
}

/**
 * A card of settings below a list (the currency settings, the support page's): its title and intro,
 * a skeleton while the settings load, what went wrong when they could not, else their form.
 */
export function SettingsCard<T>({
  icon,
  texts,
  settings,
  loadingHeight,
  children,
}: {
  icon: ReactNode;
  /** Where its texts are: `${texts}.title` and `${texts}.intro`. */
  texts: string;
  settings: UseQueryResult<T>;
  loadingHeight: number;
  children: (data: T) => ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 0.5 }}>
          {icon}
          <Typography variant="h6" component="h2">
            {translate(`${texts}.title`)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(`${texts}.intro`)}
        </Typography>
        {settings.isPending ? (
          <Skeleton variant="rounded" height={loadingHeight} />
        ) : settings.isError ? (
          <Alert severity="error">{translate(errorMessage(settings.error), { _: errorMessage(settings.error) })}</Alert>
        ) : (
          children(settings.data)
        )}
      </CardContent>
    </Card>
  );
}
