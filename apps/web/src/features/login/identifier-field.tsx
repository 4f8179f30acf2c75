import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IdentifierType } from '@portal/shared/constants';
import { checkAccount, checkEmail } from '@portal/shared/validation/field-checks';
import { PhoneField } from '../../components/phone-field';
import { Input } from '../../components/text-input';
import { checkRule } from '../../lib/form-rule';

const IDENTIFIER = {
  email: {
    check: checkEmail,
    icon: <MailOutlined aria-hidden="true" />,
    autoComplete: 'email',
    inputMode: 'email',
    label: 'web.login.email',
    placeholder: 'web.login.emailPlaceholder',
  },
  account: {
    check: checkAccount,
    icon: <UserOutlined aria-hidden="true" />,
    autoComplete: 'username',
    inputMode: 'text',
    label: 'web.login.account',
    placeholder: 'web.login.accountPlaceholder',
  },
} as const;

/** The form field `identifier`: a phone, an email or an account, checked by the shared rule. */
export function IdentifierField({ identifierType }: { identifierType: IdentifierType }) {
  const { t } = useTranslation();
  if (identifierType === 'phone') {
    return <PhoneField name="identifier" label={t('web.login.phone')} placeholder={t('web.login.phonePlaceholder')} />;
  }
  const field = IDENTIFIER[identifierType];
  return (
    <Form.Item name="identifier" label={t(field.label)} rules={[checkRule(field.check)]}>
      <Input
        prefix={field.icon}
        placeholder={t(field.placeholder)}
        autoComplete={field.autoComplete}
        inputMode={field.inputMode}
      />
    </Form.Item>
  );
}
