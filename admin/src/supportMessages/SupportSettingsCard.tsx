import ChatIcon from '@mui/icons-material/Chat';
import SaveIcon from '@mui/icons-material/Save';
import { Box, Button } from '@mui/material';
import { SUPPORT_INTRO_MAX_LENGTH } from '@topup/common';
import type { SupportSettings } from '@topup/common/api';
import { Form, maxLength, regex, required, TextInput, useTranslate } from 'react-admin';
import { SettingsCard, useSettings } from '../components/SettingsCard';

const SUPPORT_SETTINGS_URL = '/api/admin/support-settings';
const INTRO_LANGUAGES = ['ru', 'en', 'uz'] as const;

const validateUrl = [maxLength(200), regex(/^(https:\/\/\S+)?$/, 'resources.supportMessages.settings.url_invalid')];
const validateName = [required(), maxLength(40)];
const validateIntro = [maxLength(SUPPORT_INTRO_MAX_LENGTH)];

/** The support page's messenger button (which chat it opens, and its name) and its intro in each language, beside the inbox. */
export function SupportSettingsCard() {
  const translate = useTranslate();
  const { settings, save } = useSettings<SupportSettings, SupportSettings>({ url: SUPPORT_SETTINGS_URL, method: 'PUT', texts: 'resources.supportMessages.settings' });

  return (
    <SettingsCard
      icon={<ChatIcon color="secondary" />}
      texts="resources.supportMessages.settings"
      settings={settings}
      loadingHeight={160}
    >
      {(data) => (
        <Form
          record={{ id: 'support-settings', ...data }}
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
    </SettingsCard>
  );
}
