import { LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IdentifierType } from '@portal/shared/api/auth';
import { accountSchema, emailSchema, phoneSchema, signInPasswordSchema } from '@portal/shared/validation/rules';
import { ApiError } from '../../lib/api-error';
import { writeToken } from '../../lib/cookies';
import { schemaRule } from '../../lib/form-rule';
import { login } from '../session/session-api';
import { useEnterPortal } from '../session/use-enter-portal';
import styles from './login-page.module.css';

interface Values {
  identifier: string;
  password: string;
}

const IDENTIFIER = {
  phone: {
    schema: phoneSchema,
    icon: <MobileOutlined aria-hidden="true" />,
    autoComplete: 'tel',
    inputMode: 'tel',
    label: 'web.login.phone',
    placeholder: 'web.login.phonePlaceholder',
  },
  email: {
    schema: emailSchema,
    icon: <MailOutlined aria-hidden="true" />,
    autoComplete: 'email',
    inputMode: 'email',
    label: 'web.login.email',
    placeholder: 'web.login.emailPlaceholder',
  },
  account: {
    schema: accountSchema,
    icon: <UserOutlined aria-hidden="true" />,
    autoComplete: 'username',
    inputMode: 'text',
    label: 'web.login.account',
    placeholder: 'web.login.accountPlaceholder',
  },
} as const;

/** Password sign-in with one kind of identifier; the server accepts all three the same way. */
export function PasswordSignInForm({ identifierType }: { identifierType: IdentifierType }) {
  const { t } = useTranslation();
  const enterPortal = useEnterPortal();
  const [submitting, setSubmitting] = useState(false);
  const field = IDENTIFIER[identifierType];

  async function signIn({ identifier, password }: Values) {
    setSubmitting(true);
    try {
      const session = await login({ loginType: 'password', identifierType, identifier: identifier.trim(), password });
      writeToken(session.token, session.expiresAt);
      await enterPortal();
    } catch (error) {
      // The api client has already told the user what went wrong.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<Values>
      name={`sign-in-${identifierType}`}
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={(values) => void signIn(values)}
      disabled={submitting}
    >
      <Form.Item name="identifier" label={t(field.label)} rules={[schemaRule(field.schema)]}>
        <Input
          prefix={field.icon}
          placeholder={t(field.placeholder)}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          spellCheck={false}
        />
      </Form.Item>
      <Form.Item name="password" label={t('web.login.password')} rules={[schemaRule(signInPasswordSchema)]}>
        <Input.Password
          prefix={<LockOutlined aria-hidden="true" />}
          placeholder={t('web.login.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <div className={styles.formLinks}>
        <Link to="/forget_password">{t('web.login.forgotPassword')}</Link>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('web.login.submit')}
      </Button>
    </Form>
  );
}
