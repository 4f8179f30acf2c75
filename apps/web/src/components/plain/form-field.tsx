import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckedField, Focusable } from '../../lib/use-checked-fields';
import styles from './form-field.module.css';

/** The attributes that tie an input to its label and its message. */
export interface FieldInputProps {
  id: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
  ref: (input: Focusable | null) => void;
  status: 'error' | undefined;
  'aria-invalid': boolean;
  'aria-required': true;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  field: CheckedField;
  label: ReactNode;
  /** Renders the input with the props that bind it to the field. */
  children: (input: FieldInputProps) => ReactElement;
}

/**
 * A labelled field of a `useCheckedFields` form with its message under it, laid out like antd's
 * vertical form items, so that the sign-in screen looks like every other form of the portal.
 */
export function FormField({ field, label, children }: FormFieldProps) {
  const { t } = useTranslation();
  const messageId = `${field.id}-message`;
  const message = field.problem && ('key' in field.problem ? t(field.problem.key as never) : field.problem.text);
  return (
    <div className={styles.item}>
      <label className={styles.label} htmlFor={field.id}>
        {label}
      </label>
      {children({
        id: field.id,
        value: field.value,
        onChange: (event) => field.onChange(event.target.value),
        onBlur: field.onBlur,
        ref: field.ref,
        status: message ? 'error' : undefined,
        'aria-invalid': Boolean(message),
        'aria-required': true,
        'aria-describedby': message ? messageId : undefined,
      })}
      <div className={styles.message} id={messageId} role="alert">
        {message}
      </div>
    </div>
  );
}
