import { LockOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IdentifierType } from '@portal/shared/constants';
import { checkSignInPassword } from '@portal/shared/validation/field-checks';
import { PasswordInput } from '../../components/text-input';
import { checkRule } from '../../lib/form-rule';
import { IdentifierField } from './identifier-field';
import { useSignIn } from './use-sign-in';
import styles from './login-page.module.css';

interface Values {
  identifier: string;
  password: string;
}

/** Password sign-in with one kind of identifier; the server accepts all three the same way. */
export function PasswordSignInForm({ identifierType }: { identifierType: IdentifierType }) {
  const { t } = useTranslation();
  const { submitting, signIn } = useSignIn();

  return (
    <Form<Values>
      name={`sign-in-${identifierType}-password`}
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={({ identifier, password }) =>
        signIn({ loginType: 'password', identifierType, identifier: identifier.trim(), password })
      }
      disabled={submitting}
    >
      <IdentifierField identifierType={identifierType} />
      <Form.Item name="password" label={t('web.login.password')} rules={[checkRule(checkSignInPassword)]}>
        <PasswordInput
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
