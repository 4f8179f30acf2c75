import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESET_IDENTIFIER_TYPES } from '@portal/shared/api/personal';
import { codeSchema, emailSchema, phoneSchema } from '@portal/shared/validation/rules';
import { sendEmailCode, sendSmsCode } from '../../lib/code-api';
import { schemaRule } from '../../lib/form-rule';
import { CodeInput } from '../../components/code-input';
import { StepHeading } from '../../components/flow/step-heading';
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

const IDENTIFIER = {
  phone: {
    schema: phoneSchema,
    send: sendSmsCode,
    icon: <MobileOutlined aria-hidden="true" />,
    autoComplete: 'tel',
    inputMode: 'tel',
    tab: 'registration.reset.tabPhone',
    label: 'registration.fields.phone',
    placeholder: 'registration.fields.phonePlaceholder',
  },
  email: {
    schema: emailSchema,
    send: sendEmailCode,
    icon: <MailOutlined aria-hidden="true" />,
    autoComplete: 'email',
    inputMode: 'email',
    tab: 'registration.reset.tabEmail',
    label: 'registration.fields.email',
    placeholder: 'registration.fields.emailPlaceholder',
  },
} as const;

function IdentityForm({
  identifierType,
  initial,
  onVerified,
}: {
  identifierType: ResetIdentifierType;
  initial: ResetIdentity | null;
  onVerified: (identity: ResetIdentity) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const field = IDENTIFIER[identifierType];

  return (
    <Form<Values>
      form={form}
      name={`reset-${identifierType}`}
      layout="vertical"
      requiredMark={false}
      size="large"
      initialValues={initial?.identifierType === identifierType ? { identifier: initial.identifier } : undefined}
      // The code is only collected here: the server checks and uses it up with the new password.
      onFinish={({ identifier, code }) =>
        onVerified({ identifierType, identifier: identifier.trim(), code: code.trim() })
      }
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
      <Form.Item name="code" label={t('registration.fields.code')} rules={[schemaRule(codeSchema)]}>
        <CodeInput
          placeholder={t('registration.fields.codePlaceholder')}
          beforeSend={() =>
            form.validateFields(['identifier']).then(
              () => true,
              () => false,
            )
          }
          send={(options) => field.send((form.getFieldValue('identifier') as string).trim(), 'reset', options)}
        />
      </Form.Item>
      <Button type="primary" size="large" htmlType="submit" block>
        {t('registration.fields.next')}
      </Button>
    </Form>
  );
}

/** Step 1 of recovery: the phone or the email, and the code sent to it. */
export function IdentityStep({
  initial,
  onVerified,
}: {
  initial: ResetIdentity | null;
  onVerified: (identity: ResetIdentity) => void;
}) {
  const { t } = useTranslation();
  return (
    <section>
      <StepHeading>{t('registration.reset.stepVerify')}</StepHeading>
      <Tabs
        aria-label={t('registration.reset.methods')}
        defaultActiveKey={initial?.identifierType ?? 'phone'}
        items={RESET_IDENTIFIER_TYPES.map((type) => ({
          key: type,
          label: t(IDENTIFIER[type].tab),
          children: <IdentityForm identifierType={type} initial={initial} onVerified={onVerified} />,
        }))}
      />
      <p className={styles.backLink}>
        <Link to="/login">{t('registration.reset.backToLogin')}</Link>
      </p>
    </section>
  );
}
