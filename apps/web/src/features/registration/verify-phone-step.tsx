import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { CodeField } from '../../components/code-field';
import { FlowActions } from '../../components/flow/flow-actions';
import { StepHeading } from '../../components/flow/step-heading';
import { PhoneField } from '../../components/phone-field';
import type { ErrorHandlers } from '../../lib/api-client';
import { checkPhoneCode, sendSmsCode } from '../../lib/code-api';
import { useFieldErrors } from '../../lib/field-errors';
import { signUpCheck } from './registration-api';

interface Values {
  phone: string;
  code: string;
}

/** What step 2 proved: the phone (ticket), whether it has an account and whether that is in the company. */
export interface VerifiedPhone {
  phone: string;
  ticket: string;
  registered: boolean;
  joined: boolean;
}

/** Step 2: the code sent to the phone is exchanged for a ticket, which the registration call spends. */
export function VerifyPhoneStep({
  referralId,
  initialPhone,
  codeError,
  rejections,
  onVerified,
  onBack,
}: {
  referralId: string;
  initialPhone: string;
  /** Why the person is back here: the ticket of an earlier check was refused. */
  codeError?: string;
  /** Refusals the flow answers itself, such as a link that went dead. */
  rejections: ErrorHandlers;
  onVerified: (verified: VerifiedPhone) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (codeError) form.setFields([{ name: 'code', errors: [codeError] }]);
  }, [codeError, form]);

  const underFields = useFieldErrors(form);

  const verify = useMutation({
    mutationFn: async ({ phone, code }: Values): Promise<VerifiedPhone> => {
      const target = phone.trim();
      const { ticket } = await checkPhoneCode(target, code.trim(), 'register', {
        onError: underFields({ [ErrorCode.RegisterCodeInvalid]: 'code' }),
      });
      const { registered, joined } = await signUpCheck({ ticket, referralId }, { onError: rejections });
      return { phone: target, ticket, registered, joined };
    },
    onSuccess: (verified) => onVerified(verified),
  });

  return (
    <section>
      <StepHeading lead={t('registration.phone.description')}>{t('registration.phone.heading')}</StepHeading>
      <Form<Values>
        form={form}
        name="register-phone"
        layout="vertical"
        size="large"
        initialValues={{ phone: initialPhone }}
        onFinish={(values) => verify.mutate(values)}
        disabled={verify.isPending}
      >
        <PhoneField label={t('registration.fields.phone')} placeholder={t('registration.fields.phonePlaceholder')} />
        <CodeField
          target="phone"
          send={(options) => sendSmsCode(String(form.getFieldValue('phone') ?? '').trim(), 'register', options)}
        />
        <FlowActions>
          <Button size="large" onClick={onBack}>
            {t('registration.fields.back')}
          </Button>
          <Button type="primary" size="large" htmlType="submit" loading={verify.isPending}>
            {t('registration.fields.next')}
          </Button>
        </FlowActions>
      </Form>
    </section>
  );
}
