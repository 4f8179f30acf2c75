import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type InvitationKind,
  type RegistrationResponse,
  memberSignUpRequestSchema,
  newEnterpriseSchema,
} from '@portal/shared/api/registration';
import { ABBREVIATION_MAX, COMPANY_FIELD_MAX } from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { abbreviationSchema, creditCodeSchema, fullNameSchema, nameSchema } from '@portal/shared/validation/rules';
import { ApiError } from '../../lib/api-error';
import { schemaRule } from '../../lib/form-rule';
import { ignoredAccountFields } from './existing-account';
import { NewPasswordFields } from '../../components/new-password-fields';
import { signUpEnterprise, signUpMember } from './registration-api';
import { StepHeading } from '../../components/flow/step-heading';
import type { VerifiedPhone } from './verify-phone-step';
import styles from '../../components/flow/flow-frame.module.css';

interface AccountValues {
  nickname: string;
  password: string;
  confirmPassword: string;
  email?: string;
  abbreviation: string;
  fullName: string;
  creditCode: string;
  domain?: string;
}

/** The field a business rejection is about, so that the message also appears where it can be fixed. */
const FIELD_OF_CODE: Partial<Record<number, keyof AccountValues>> = {
  [ErrorCode.PasswordsDoNotMatch]: 'confirmPassword',
  [ErrorCode.NewEmailRegistered]: 'email',
  [ErrorCode.AbbreviationEmpty]: 'abbreviation',
  [ErrorCode.AbbreviationExists]: 'abbreviation',
  [ErrorCode.FullNameEmpty]: 'fullName',
  [ErrorCode.FullNameExists]: 'fullName',
  [ErrorCode.CreditCodeExists]: 'creditCode',
  [ErrorCode.DomainExists]: 'domain',
};

const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

function register(
  kind: InvitationKind,
  referralId: string,
  verified: VerifiedPhone,
  values: AccountValues,
): Promise<RegistrationResponse> {
  const account = verified.registered
    ? ignoredAccountFields(verified.phone)
    : {
        nickname: values.nickname.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        email: blankToUndefined(values.email),
      };
  const base = { referralId, ticket: verified.ticket, ...account };
  if (kind === 'member') return signUpMember(base);
  return signUpEnterprise(kind, {
    ...base,
    enterprise: {
      abbreviation: values.abbreviation.trim(),
      fullName: values.fullName.trim(),
      creditCode: values.creditCode.trim(),
      domain: blankToUndefined(values.domain),
    },
  });
}

/**
 * Step 3: the new account (name, password, email) and, for administrator and owner links, the new
 * company. A phone that already has an account keeps it, so only the company is asked for.
 */
export function AccountStep({
  kind,
  referralId,
  verified,
  onRegistered,
  onRejected,
}: {
  kind: InvitationKind;
  referralId: string;
  verified: VerifiedPhone;
  onRegistered: (result: RegistrationResponse) => void;
  /** A rejection the step cannot fix here: a dead link or an expired phone ticket. */
  onRejected: (error: ApiError) => boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AccountValues>();
  const [submitting, setSubmitting] = useState(false);
  const needsAccount = !verified.registered;
  const needsCompany = kind !== 'member';

  async function submit(values: AccountValues) {
    setSubmitting(true);
    try {
      onRegistered(await register(kind, referralId, verified, values));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setSubmitting(false);
      if (onRejected(error)) return;
      const field = error.code === null ? undefined : FIELD_OF_CODE[error.code];
      if (field) form.setFields([{ name: field, errors: [error.message] }]);
    }
  }

  return (
    <section>
      <StepHeading>
        {needsAccount ? t('registration.account.heading') : t('registration.account.companyHeading')}
      </StepHeading>
      {needsAccount ? null : (
        <Alert
          className={styles.notice}
          type="info"
          showIcon
          title={t('registration.account.existingAccount', { phone: verified.phone })}
        />
      )}
      <Form<AccountValues>
        form={form}
        name="register-account"
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={(values) => void submit(values)}
        disabled={submitting}
        scrollToFirstError={{ focus: true }}
      >
        {needsAccount ? (
          <fieldset className={styles.fieldset}>
            {needsCompany ? (
              <legend className={styles.section}>{t('registration.account.accountSection')}</legend>
            ) : null}
            <Form.Item name="nickname" label={t('registration.account.name')} rules={[schemaRule(nameSchema)]}>
              <Input
                prefix={<UserOutlined aria-hidden="true" />}
                placeholder={t('registration.account.namePlaceholder')}
                autoComplete="name"
              />
            </Form.Item>
            <NewPasswordFields
              labels={{
                password: t('registration.account.password'),
                passwordPlaceholder: t('registration.account.passwordPlaceholder'),
                confirmPassword: t('registration.account.confirmPassword'),
                confirmPasswordPlaceholder: t('registration.account.confirmPasswordPlaceholder'),
              }}
            />
            <Form.Item
              name="email"
              label={t('registration.account.emailOptional')}
              rules={[schemaRule(memberSignUpRequestSchema.shape.email)]}
            >
              <Input
                prefix={<MailOutlined aria-hidden="true" />}
                placeholder={t('registration.fields.emailPlaceholder')}
                autoComplete="email"
                inputMode="email"
                spellCheck={false}
              />
            </Form.Item>
          </fieldset>
        ) : null}
        {needsCompany ? (
          <fieldset className={styles.fieldset}>
            {needsAccount ? (
              <legend className={styles.section}>{t('registration.account.companySection')}</legend>
            ) : null}
            <Form.Item
              name="abbreviation"
              label={t('registration.account.abbreviation')}
              rules={[schemaRule(abbreviationSchema)]}
            >
              <Input
                placeholder={t('registration.account.abbreviationPlaceholder')}
                count={{ show: true, max: ABBREVIATION_MAX }}
                autoComplete="organization"
              />
            </Form.Item>
            <Form.Item name="fullName" label={t('registration.account.fullName')} rules={[schemaRule(fullNameSchema)]}>
              <Input
                placeholder={t('registration.account.fullNamePlaceholder')}
                count={{ show: true, max: COMPANY_FIELD_MAX }}
              />
            </Form.Item>
            <Form.Item
              name="creditCode"
              label={t('registration.account.creditCode')}
              rules={[schemaRule(creditCodeSchema)]}
              extra={t('registration.account.creditCodeNote')}
              // the code is written in capitals; the rule accepts either and the server stores capitals
              normalize={(value: string) => value.toUpperCase()}
            >
              <Input placeholder={t('registration.account.creditCodePlaceholder')} spellCheck={false} />
            </Form.Item>
            <Form.Item
              name="domain"
              label={t('registration.account.domain')}
              rules={[schemaRule(newEnterpriseSchema.shape.domain)]}
              extra={t('registration.account.domainNote')}
            >
              <Input
                placeholder={t('registration.account.domainPlaceholder')}
                spellCheck={false}
                autoCapitalize="none"
              />
            </Form.Item>
          </fieldset>
        ) : null}
        <Button type="primary" size="large" htmlType="submit" block loading={submitting}>
          {t('registration.account.submit')}
        </Button>
      </Form>
    </section>
  );
}
