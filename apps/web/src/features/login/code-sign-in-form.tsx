import { SafetyOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { CodeField } from '../../components/code-field';
import type { CallOptions } from '../../lib/api-client';
import type { ApiError } from '../../lib/api-error';
import { sendEmailCode, sendSmsCode } from '../../lib/code-api';
import { IdentifierField } from './identifier-field';
import { useSignIn } from './use-sign-in';
import styles from './login-page.module.css';

interface Values {
  identifier: string;
  code: string;
}

/** Sign-in by a code sent to the phone or email (scene `login`); accounts have no code sign-in. */
export function CodeSignInForm({ identifierType }: { identifierType: 'phone' | 'email' }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { submitting, signIn } = useSignIn({
    [ErrorCode.CodeInvalid]: (error: ApiError) => form.setFields([{ name: 'code', errors: [error.message] }]),
  });

  function send(options: CallOptions) {
    const identifier = String(form.getFieldValue('identifier') ?? '').trim();
    return identifierType === 'phone'
      ? sendSmsCode(identifier, 'login', options)
      : sendEmailCode(identifier, 'login', options);
  }

  return (
    <Form<Values>
      form={form}
      name={`sign-in-${identifierType}-code`}
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={({ identifier, code }) =>
        signIn({ loginType: 'code', identifierType, identifier: identifier.trim(), code: code.trim() })
      }
      disabled={submitting}
    >
      <IdentifierField identifierType={identifierType} />
      <CodeField send={send} target="identifier" prefix={<SafetyOutlined aria-hidden="true" />} />
      <div className={styles.formLinks}>
        <Link to="/forget_password">{t('web.login.forgotPassword')}</Link>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('web.login.submit')}
      </Button>
    </Form>
  );
}
