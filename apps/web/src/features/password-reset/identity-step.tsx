import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESET_IDENTIFIER_TYPES } from '@portal/shared/api/personal';
import { emailSchema } from '@portal/shared/validation/rules';
import { CodeField } from '../../components/code-field';
import { StepHeading } from '../../components/flow/step-heading';
import { PhoneField } from '../../components/phone-field';
import { paths } from '../../config/paths';
import { sendEmailCode, sendSmsCode } from '../../lib/code-api';
import { schemaRule } from '../../lib/form-rule';
import styles from './forget-password-page.module.css';

type ResetIdentifierType = (typeof RESET_IDENTIFIER_TYPES)[number];

/** Who is resetting: the phone or email and the code sent to it, submitted with the new password. */
export interface ResetIdentity {
  identifierType: ResetIdentifierType;
  identifier: string;
  code: string;
}

interface Values {
  identifier: string;
  code: string;
}

const SEND = { phone: sendSmsCode, email: sendEmailCode } as const;
const TAB = { phone: 'registration.reset.tabPhone', email: 'registration.reset.tabEmail' } as const;

function IdentityForm({
  identifierType,
  initial,
  codeError,
  onVerified,
}: {
  identifierType: ResetIdentifierType;
  initial: ResetIdentity | null;
  codeError?: string;
  onVerified: (identity: ResetIdentity) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const own = initial?.identifierType === identifierType;

  useEffect(() => {
    if (own && codeError) form.setFields([{ name: 'code', errors: [codeError] }]);
  }, [own, codeError, form]);

  return (
    <Form<Values>
      form={form}
      name={`reset-${identifierType}`}
      // prerendered: sent before the JavaScript has arrived, it stays on the page (see start.tsx)
      method="dialog"
      layout="vertical"
      requiredMark={false}
      size="large"
      initialValues={own ? { identifier: initial.identifier } : undefined}
      // The code is only collected here: the server checks and uses it up with the new password.
      onFinish={({ identifier, code }) =>
        onVerified({ identifierType, identifier: identifier.trim(), code: code.trim() })
      }
    >
      {identifierType === 'phone' ? (
        <PhoneField
          name="identifier"
          label={t('registration.fields.phone')}
          placeholder={t('registration.fields.phonePlaceholder')}
        />
      ) : (
        <Form.Item name="identifier" label={t('registration.fields.email')} rules={[schemaRule(emailSchema)]} required>
          <Input
            prefix={<MailOutlined aria-hidden="true" />}
            placeholder={t('registration.fields.emailPlaceholder')}
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
          />
        </Form.Item>
      )}
      <CodeField
        target="identifier"
        send={(options) =>
          SEND[identifierType](String(form.getFieldValue('identifier') ?? '').trim(), 'reset', options)
        }
      />
      <Button type="primary" size="large" htmlType="submit" block>
        {t('registration.fields.next')}
      </Button>
    </Form>
  );
}

/** Step 1 of recovery: the phone or the email, and the code sent to it. */
export function IdentityStep({
  initial,
  codeError,
  onVerified,
}: {
  initial: ResetIdentity | null;
  /** Why the person is back here: step 2 was refused for the code. */
  codeError?: string;
  onVerified: (identity: ResetIdentity) => void;
}) {
  const { t } = useTranslation();
  return (
    <section>
      <StepHeading>{t('registration.reset.identityHeading')}</StepHeading>
      <Tabs
        aria-label={t('registration.reset.methods')}
        defaultActiveKey={initial?.identifierType ?? 'phone'}
        items={RESET_IDENTIFIER_TYPES.map((type) => ({
          key: type,
          label: t(TAB[type]),
          children: (
            <IdentityForm identifierType={type} initial={initial} codeError={codeError} onVerified={onVerified} />
          ),
        }))}
      />
      <p className={styles.backLink}>
        <Link to={paths.login}>{t('registration.reset.backToLogin')}</Link>
      </p>
    </section>
  );
}
