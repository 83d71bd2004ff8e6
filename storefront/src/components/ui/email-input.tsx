import type { ComponentProps } from 'react';
import { EMAIL_MAX_LENGTH } from '@topup/common';

/** An email address field: the keyboard, autofill and length an address needs. */
export function EmailInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      name="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={EMAIL_MAX_LENGTH}
      {...props}
      type="email"
      className={`input ${props.className ?? ''}`}
    />
  );
}
