import { Box, TextField } from '@mui/material';
import type { ChangeEvent } from 'react';
import { FieldTitle, InputHelperText, useInput, useResourceContext, type Validator } from 'react-admin';

/** A colour as the API stores it: `#rrggbb`. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export function validateHexColor(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' && HEX_COLOR.test(value) ? undefined : 'app.validation.hex_color';
}

interface ColorInputProps {
  source: string;
  label?: string;
  helperText?: string;
  validate?: Validator | Validator[];
}

/** A hex colour typed in, or picked with the browser's colour picker from the swatch beside it. */
export function ColorInput({ source, label, helperText, validate }: ColorInputProps) {
  const resource = useResourceContext();
  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({ source, validate });
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <TextField
      id={id}
      {...field}
      value={value}
      onChange={(event) => field.onChange(event.target.value.trim())}
      label={<FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
      error={invalid}
      helperText={<InputHelperText error={error?.message} helperText={helperText} />}
      fullWidth
      slotProps={{
        htmlInput: { maxLength: 7, spellCheck: false },
        input: {
          startAdornment: (
            <Box
              component="input"
              type="color"
              aria-label={typeof label === 'string' ? label : source}
              value={HEX_COLOR.test(value) ? value.toLowerCase() : '#000000'}
              onChange={(event: ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value)}
              sx={{
                width: 28,
                height: 20,
                mt: '17px',
                mr: 1,
                p: 0,
                border: 'none',
                borderRadius: 1,
                background: 'none',
                cursor: 'pointer',
                flexShrink: 0,
              }}
            />
          ),
        },
      }}
    />
  );
}
