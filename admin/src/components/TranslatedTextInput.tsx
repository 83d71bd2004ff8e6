import { Box, FormHelperText, Typography } from '@mui/material';
import { CONTENT_LANGUAGES, DEFAULT_CONTENT_LANGUAGE, type ContentLanguage } from '@topup/common';
import { maxLength as maxLengthOf, TextInput, useTranslate, useTranslateLabel, type TextInputProps, type Validator } from 'react-admin';

/** The form field of a text in one language: the record's own (Russian) field, or its translation. */
export const translatedSource = (source: string, language: ContentLanguage) =>
  language === DEFAULT_CONTENT_LANGUAGE ? source : `translations.${language}.${source}`;

/** An emptied text is sent as '' (react-admin would send null, which the API refuses): an empty translation reads as Russian. */
const keepText = (value: string) => value;

/**
 * One catalogue text in every language of the store, side by side on a wide screen and stacked on a
 * phone, each labelled with its language. `validate` applies to the Russian text, the one shoppers see
 * wherever a translation is empty; every language has the field's `maxLength`.
 */
export function TranslatedTextInput({
  source,
  maxLength,
  validate,
  isRequired,
  helperText,
  ...inputProps
}: Omit<TextInputProps, 'label' | 'parse'> & { source: string; maxLength: number }) {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  // Named by the form's source context, so a text inside an array input reads `resources.<r>.fields.<array>.<source>`.
  const label = String(translateLabel({ source }));
  const lengthRule = maxLengthOf(maxLength);
  const ownRules: Validator[] = [...[validate ?? []].flat(), lengthRule];
  return (
    <Box component="fieldset" aria-label={label} sx={{ border: 0, p: 0, m: 0, minWidth: 0, width: '100%' }}>
      <Typography component="legend" variant="subtitle2" sx={{ p: 0, mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        {CONTENT_LANGUAGES.map((language) => (
          <TextInput
            key={language}
            {...inputProps}
            source={translatedSource(source, language)}
            label={translate(`content_languages.${language}`)}
            validate={language === DEFAULT_CONTENT_LANGUAGE ? ownRules : lengthRule}
            isRequired={language === DEFAULT_CONTENT_LANGUAGE && isRequired}
            parse={keepText}
            helperText={false}
            slotProps={{ htmlInput: { maxLength, lang: language } }}
          />
        ))}
      </Box>
      {helperText ? (
        <FormHelperText sx={{ mx: 1.75, mt: -0.5, mb: 1.5 }}>{translate(String(helperText))}</FormHelperText>
      ) : null}
    </Box>
  );
}
