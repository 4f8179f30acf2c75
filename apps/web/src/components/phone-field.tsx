import { MobileOutlined } from '@ant-design/icons';
import { Form, type FormItemProps, Input } from 'antd';
import type { ReactNode } from 'react';
import { checkPhone } from '@portal/shared/validation/field-checks';
import { checkRule } from '../lib/form-rule';

interface PhoneFieldProps {
  /** The form field; `phone` unless the form names it otherwise. */
  name?: FormItemProps['name'];
  label: ReactNode;
  placeholder?: string;
  /** Under the input, e.g. where the code will go. */
  extra?: ReactNode;
  autoFocus?: boolean;
}

/**
 * The phone form field: checked by the shared phone rule, so the form refuses exactly what the server
 * refuses, and typed on a phone's number pad. Pair it with `CodeField`'s `target` so that no code is
 * requested for a phone this rule refuses.
 */
export function PhoneField({ name = 'phone', label, placeholder, extra, autoFocus }: PhoneFieldProps) {
  return (
    <Form.Item name={name} label={label} extra={extra} rules={[checkRule(checkPhone)]} required>
      <Input
        prefix={<MobileOutlined aria-hidden="true" />}
        placeholder={placeholder}
        autoComplete="tel"
        inputMode="tel"
        autoFocus={autoFocus}
      />
    </Form.Item>
  );
}
