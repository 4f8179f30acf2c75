import { MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { IdentifierType } from '@portal/shared/constants';
import { checkAccount, checkEmail, checkPhone } from '@portal/shared/validation/field-checks';
import { FormField } from '../../components/plain/form-field';
import { TextBox } from '../../components/plain/text-box';
import type { CheckedField } from '../../lib/use-checked-fields';

const IDENTIFIER = {
  phone: {
    icon: <MobileOutlined aria-hidden="true" />,
    autoComplete: 'tel',
    inputMode: 'tel',
    label: 'web.login.phone',
    placeholder: 'web.login.phonePlaceholder',
  },
  email: {
    icon: <MailOutlined aria-hidden="true" />,
    autoComplete: 'email',
    inputMode: 'email',
    label: 'web.login.email',
    placeholder: 'web.login.emailPlaceholder',
  },
  account: {
    icon: <UserOutlined aria-hidden="true" />,
    autoComplete: 'username',
    inputMode: 'text',
    label: 'web.login.account',
    placeholder: 'web.login.accountPlaceholder',
  },
} as const;

/** The shared rule of each kind of identifier: the form refuses exactly what the server refuses. */
export const IDENTIFIER_CHECKS = { phone: checkPhone, email: checkEmail, account: checkAccount } as const;

/** The sign-in forms' identifier: a phone (typed on the number pad), an email or an account. */
export function IdentifierField({ identifierType, field }: { identifierType: IdentifierType; field: CheckedField }) {
  const { t } = useTranslation();
  const kind = IDENTIFIER[identifierType];
  return (
    <FormField field={field} label={t(kind.label)}>
      {(input) => (
        <TextBox
          {...input}
          prefix={kind.icon}
          placeholder={t(kind.placeholder)}
          autoComplete={kind.autoComplete}
          inputMode={kind.inputMode}
        />
      )}
    </FormField>
  );
}
