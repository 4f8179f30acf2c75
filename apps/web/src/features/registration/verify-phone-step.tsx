import { MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeSchema, phoneSchema } from '@portal/shared/validation/rules';
import { ApiError } from '../../lib/api-error';
import { checkPhoneCode, sendSmsCode } from '../../lib/code-api';
import { schemaRule } from '../../lib/form-rule';
import { CodeInput } from '../../components/code-input';
import { checkSignUp } from './registration-api';
import { StepHeading } from '../../components/flow/step-heading';
import { FlowActions } from '../../components/flow/flow-actions';

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
  onVerified,
  onBack,
}: {
  referralId: string;
  initialPhone: string;
  onVerified: (verified: VerifiedPhone) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);

  async function verify({ phone, code }: Values) {
    setSubmitting(true);
    try {
      const target = phone.trim();
      const { ticket } = await checkPhoneCode(target, code.trim(), 'register');
      const { registered, joined } = await checkSignUp({ ticket, referralId });
      onVerified({ phone: target, ticket, registered, joined });
    } catch (error) {
      // The api client has already told the person what went wrong.
      if (!(error instanceof ApiError)) throw error;
      setSubmitting(false);
    }
  }

  return (
    <section>
      <StepHeading lead={t('registration.phone.description')}>{t('registration.phone.heading')}</StepHeading>
      <Form<Values>
        form={form}
        name="register-phone"
        layout="vertical"
        requiredMark={false}
        size="large"
        initialValues={{ phone: initialPhone }}
        onFinish={(values) => void verify(values)}
        disabled={submitting}
      >
        <Form.Item name="phone" label={t('registration.fields.phone')} rules={[schemaRule(phoneSchema)]}>
          <Input
            prefix={<MobileOutlined aria-hidden="true" />}
            placeholder={t('registration.fields.phonePlaceholder')}
            autoComplete="tel"
            inputMode="tel"
            spellCheck={false}
          />
        </Form.Item>
        <Form.Item name="code" label={t('registration.fields.code')} rules={[schemaRule(codeSchema)]}>
          <CodeInput
            placeholder={t('registration.fields.codePlaceholder')}
            beforeSend={() =>
              form.validateFields(['phone']).then(
                () => true,
                () => false,
              )
            }
            send={() => sendSmsCode((form.getFieldValue('phone') as string).trim(), 'register')}
          />
        </Form.Item>
        <FlowActions>
          <Button size="large" onClick={onBack}>
            {t('registration.fields.back')}
          </Button>
          <Button type="primary" size="large" htmlType="submit" loading={submitting}>
            {t('registration.fields.next')}
          </Button>
        </FlowActions>
      </Form>
    </section>
  );
}
