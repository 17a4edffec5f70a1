import type { ReactNode } from 'react';
import './form.css';

type Props = {
  /** Id of the control inside; the label and the message point at it. */
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
};

/**
 * A labelled control with its validation message underneath (docs/ui-design.md#keyboard-and-accessibility).
 */
export function FormField({ id, label, error, children }: Props) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="form-field__control">
        {children}
        {error && (
          <p className="form-field__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** Props that tie a control to its FormField message. */
export function fieldProps(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error !== undefined,
    ...(error ? { 'aria-describedby': `${id}-error` } : {}),
  };
}
