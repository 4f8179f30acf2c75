import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
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
import styles from '../../components/flow/flow-frame.module.css';
import { StepHeading } from '../../components/flow/step-heading';
import { NewPasswordFields } from '../../components/new-password-fields';
import type { registrationCalls } from '../../lib/api-calls';
import type { ErrorHandlers } from '../../lib/api-client';
import type { CodeOf } from '../../lib/call-view';
import { useFieldErrors } from '../../lib/field-errors';
import { schemaRule } from '../../lib/form-rule';
import { ignoredAccountFields } from './existing-account';
import { enterpriseSignUp, memberSignUp } from './registration-api';
import { useSecondStep } from './second-step';
import type { VerifiedPhone } from './verify-phone-step';

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

type SignUpCode = CodeOf<typeof registrationCalls.adminSignUp> | CodeOf<typeof registrationCalls.memberSignUp>;

/** The field a business rejection is about, so that the message also appears where it can be fixed. */
const FIELD_OF_CODE: Partial<Record<SignUpCode, keyof AccountValues>> = {
  [ErrorCode.PasswordsDoNotMatch]: 'confirmPassword',
  [ErrorCode.AbbreviationEmpty]: 'abbreviation',
  [ErrorCode.AbbreviationExists]: 'abbreviation',
  [ErrorCode.FullNameEmpty]: 'fullName',
  [ErrorCode.FullNameExists]: 'fullName',
  [ErrorCode.CreditCodeExists]: 'creditCode',
  [ErrorCode.DomainExists]: 'domain',
};

/** The request holds the new company's fields under `enterprise`; the form holds them beside the account's. */
const formFieldOf = (requestField: string) => requestField.replace(/^enterprise\./, '');

const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

function register(
  kind: InvitationKind,
  referralId: string,
  verified: VerifiedPhone,
  values: AccountValues,
  onError: ErrorHandlers<SignUpCode>,
  secondStep: { twoStepCode?: string },
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
  if (kind === 'member') return memberSignUp(base, { onError });
  return enterpriseSignUp(
    kind,
    {
      ...base,
      ...secondStep,
      enterprise: {
        abbreviation: values.abbreviation.trim(),
        fullName: values.fullName.trim(),
        creditCode: values.creditCode.trim(),
        domain: blankToUndefined(values.domain),
      },
    },
    { onError },
  );
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
  rejections,
}: {
  kind: InvitationKind;
  referralId: string;
  verified: VerifiedPhone;
  /** With the email the new account gave, if any (it stays unproven until a code proves it). */
  onRegistered: (result: RegistrationResponse, given: { email?: string }) => void;
  /** Refusals the step cannot fix here, which the flow answers: a dead link or an expired phone ticket. */
  rejections: ErrorHandlers;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AccountValues>();
  const underFields = useFieldErrors(form, { fieldOf: formFieldOf });
  const needsAccount = !verified.registered;
  const needsCompany = kind !== 'member';

  // an existing account with two-step sign-in gives its code in the same request (enterprise links)
  const secondStep = useSecondStep();

  const submit = useMutation({
    mutationFn: (values: AccountValues) =>
      register(
        kind,
        referralId,
        verified,
        values,
        { ...underFields(FIELD_OF_CODE), ...rejections, ...secondStep.rejections },
        secondStep.request,
      ),
    onSuccess: (result, values) =>
      onRegistered(result, {
        email: needsAccount ? blankToUndefined(values.email) : undefined,
      }),
  });

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
        size="large"
        onFinish={(values) => submit.mutate(values)}
        disabled={submit.isPending}
        scrollToFirstError={{ focus: true }}
      >
        {needsAccount ? (
          <fieldset className={styles.fieldset}>
            {needsCompany ? (
              <legend className={styles.section}>{t('registration.account.accountSection')}</legend>
            ) : null}
            <Form.Item name="nickname" label={t('registration.account.name')} rules={[schemaRule(nameSchema)]} required>
              <Input
                prefix={<UserOutlined aria-hidden="true" />}
                placeholder={t('registration.account.namePlaceholder')}
                autoComplete="name"
              />
            </Form.Item>
            <NewPasswordFields
              labels={{
                password: t('registration.account.password'),
                passwordRule: t('registration.account.passwordPlaceholder'),
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
              required
            >
              <Input
                placeholder={t('registration.account.abbreviationPlaceholder')}
                count={{ show: true, max: ABBREVIATION_MAX }}
                autoComplete="organization"
              />
            </Form.Item>
            <Form.Item
              name="fullName"
              label={t('registration.account.fullName')}
              rules={[schemaRule(fullNameSchema)]}
              required
            >
              <Input
                placeholder={t('registration.account.fullNamePlaceholder')}
                count={{ show: true, max: COMPANY_FIELD_MAX }}
              />
            </Form.Item>
            <Form.Item
              name="creditCode"
              label={t('registration.account.creditCode')}
              rules={[schemaRule(creditCodeSchema)]}
              required
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
        {secondStep.field}
        <Button
          type="primary"
          size="large"
          htmlType="submit"
          block
          loading={submit.isPending}
          disabled={secondStep.missing}
        >
          {t('registration.account.submit')}
        </Button>
      </Form>
    </section>
  );
}
