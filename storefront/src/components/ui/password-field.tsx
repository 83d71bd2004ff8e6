import type { ComponentProps, ReactNode } from 'react';
import { PASSWORD_MAX_LENGTH } from '@topup/common';
import { Field } from './field';
import { PasswordInput } from './password-input';

interface PasswordFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  id: string;
  label: ReactNode;
  /** The error under the field, already in words; it replaces the hint. */
  error?: ReactNode;
  hint?: ReactNode;
  /** The hint's id, for aria-describedby. */
  hintId?: string;
}

/** A labelled password field (PasswordInput) with its error, else its hint, under it, each named by aria-describedby. */
export function PasswordField({ id, label, error, hint, hintId, ...input }: PasswordFieldProps) {
  const errorId = `${id}-error`;
  return (
    <Field id={id} label={label}>
      <PasswordInput
        id={id}
        maxLength={PASSWORD_MAX_LENGTH}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? errorId : hint ? hintId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        )
      )}
    </Field>
  );
}
