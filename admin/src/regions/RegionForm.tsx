import { Box, Typography } from '@mui/material';
import {
  BooleanInput,
  FormDataConsumer,
  maxLength,
  regex,
  required,
  SimpleForm,
  TextInput,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { TranslatedTextInput } from '../components/TranslatedTextInput';
import { RegionFlag } from './RegionFlag';

export const REGION_FIELDS = ['name', 'translations', 'code', 'flag', 'gameCurrency', 'isActive'] as const;

export const REGION_DEFAULTS = { name: '', code: '', flag: '', gameCurrency: '', isActive: true };

const validateCode = [required(), maxLength(16), regex(/^\s*[A-Za-z0-9_-]+\s*$/, 'resources.regions.validation.code')];

/** Name, code, flag (with a preview), game currency and status of a region. */
export function RegionForm(props: Omit<SimpleFormProps, 'children'>) {
  const translate = useTranslate();
  return (
    <SimpleForm {...props}>
      <Box sx={{ width: '100%', maxWidth: 760 }}>
        <TranslatedTextInput source="name" maxLength={100} validate={required()} />
        <TextInput
          source="code"
          validate={validateCode}
          helperText="resources.regions.code_hint"
          parse={(value: string) => value.toUpperCase()}
          sx={{ maxWidth: 240 }}
        />
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', width: '100%' }}>
          <TextInput source="flag" validate={maxLength(2000)} helperText="resources.regions.flag_hint" sx={{ flex: 1 }} />
          <Box sx={{ pt: 1.5, textAlign: 'center', minWidth: 64 }}>
            <FormDataConsumer>{({ formData }) => <RegionFlag flag={formData.flag} size={36} />}</FormDataConsumer>
            <Typography variant="caption" color="text.secondary" component="p">
              {translate('resources.regions.preview')}
            </Typography>
          </Box>
        </Box>
        <TextInput source="gameCurrency" validate={maxLength(64)} helperText="resources.regions.game_currency_hint" />
        <BooleanInput source="isActive" />
      </Box>
    </SimpleForm>
  );
}
