import ChatIcon from '@mui/icons-material/Chat';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { SUPPORT_INTRO_MAX_LENGTH } from '@topup/common';
import type { SupportSettings } from '@topup/common/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, maxLength, regex, required, TextInput, useNotify, useTranslate } from 'react-admin';
import { errorMessage, errorNotification } from '../components/errors';
import { useApiRequest } from '../lib/useApiRequest';

const SUPPORT_SETTINGS_URL = '/api/admin/support-settings';
const QUERY_KEY = ['support-settings'];
const INTRO_LANGUAGES = ['ru', 'en', 'uz'] as const;

const validateUrl = [maxLength(200), regex(/^(https:\/\/\S+)?$/, 'resources.supportMessages.settings.url_invalid')];
const validateName = [required(), maxLength(40)];
const validateIntro = [maxLength(SUPPORT_INTRO_MAX_LENGTH)];

/** The support page's messenger button (which chat it opens, and its name) and its intro in each language, beside the inbox. */
export function SupportSettingsCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const request = useApiRequest();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: QUERY_KEY, queryFn: () => request<SupportSettings>('GET', SUPPORT_SETTINGS_URL) });
  const save = useMutation({
    mutationFn: (body: SupportSettings) => request<SupportSettings>('PUT', SUPPORT_SETTINGS_URL, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(QUERY_KEY, saved);
      notify('resources.supportMessages.settings.saved', { type: 'info' });
    },
    onError: (error) => notify(...errorNotification(error)),
  });

  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="support-settings">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 0.5 }}>
          <ChatIcon color="secondary" />
          <Typography variant="h6" component="h2">
            {translate('resources.supportMessages.settings.title')}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('resources.supportMessages.settings.intro_text')}
        </Typography>
        {settings.isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : settings.isError ? (
          <Alert severity="error">{translate(errorMessage(settings.error), { _: errorMessage(settings.error) })}</Alert>
        ) : (
          <Form
            record={{ id: 'support-settings', ...settings.data }}
            onSubmit={(values: Partial<SupportSettings>) => {
              const { messengerName = '', messengerUrl, intro } = values;
              save.mutate({
                messengerName: messengerName.trim(),
                messengerUrl: (messengerUrl ?? '').trim(),
                intro: { ru: intro?.ru ?? '', en: intro?.en ?? '', uz: intro?.uz ?? '' },
              });
            }}
          >
            <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' } }}>
              <TextInput source="messengerName" label="resources.supportMessages.settings.messengerName" validate={validateName} />
              <TextInput
                source="messengerUrl"
                label="resources.supportMessages.settings.messengerUrl"
                helperText="resources.supportMessages.settings.messengerUrl_hint"
                validate={validateUrl}
                parse={(value: string | null) => value ?? ''}
              />
            </Box>
            {INTRO_LANGUAGES.map((language) => (
              <TextInput
                key={language}
                source={`intro.${language}`}
                label={translate(`resources.supportMessages.settings.intro_${language}`)}
                helperText="resources.supportMessages.settings.intro_hint"
                validate={validateIntro}
                parse={(value: string | null) => value ?? ''}
                multiline
                fullWidth
              />
            ))}
            <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={save.isPending}>
              {translate('ra.action.save')}
            </Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
