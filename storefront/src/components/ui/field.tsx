import type { ReactNode } from 'react';

interface FieldProps {
  /** The id of the control the label names. */
  id: string;
  label: ReactNode;
  /** The control, then any hint or error under it. */
  children: ReactNode;
}

/** A form field: its label above the control, in the shared `.field` layout. */
export function Field({ id, label, children }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
    </div>
  );
}
