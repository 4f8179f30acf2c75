import { SafetyOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhoneBoundData } from '@portal/shared/api/personal';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { CodeField } from '../../components/code-field';
import { useFeedback } from '../../components/feedback';
import { PhoneField } from '../../components/phone-field';
import { personalCalls } from '../../lib/api-calls';
import type { ApiErrorOf } from '../../lib/api-error';
import { sendSmsCode } from '../../lib/code-api';
import { useFieldErrors } from '../../lib/field-errors';
import { useCallMutation } from '../../lib/use-call-mutation';
import { PhoneBoundModal } from './phone-bound-modal';

interface Values {
  phone: string;
  code: string;
}

/** Phone and `certify` code; calls `onVerified` once the server has marked the phone verified. */
export function VerifyPhoneForm({ initialPhone, onVerified }: { initialPhone: string; onVerified: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  // The holder stays while the modal fades out, so that its text does not change as it goes.
  const [boundTo, setBoundTo] = useState<PhoneBoundData['boundTo']>(null);
  const [boundOpen, setBoundOpen] = useState(false);

  const underFields = useFieldErrors(form);
  const errors = {
    ...underFields({ [ErrorCode.CodeInvalid]: 'code', [ErrorCode.PhoneNotOnRecord]: 'phone' }),
    [ErrorCode.PhoneBound]: ({ data }: ApiErrorOf<typeof ErrorCode.PhoneBound>) => {
      setBoundTo(data.boundTo);
      setBoundOpen(true);
    },
  };

  const verify = useCallMutation(personalCalls.phoneAuth, {
    onSuccess: () => {
      message.success(t('web.verifyPhone.verified'));
      onVerified();
    },
  });

  function closeBound() {
    setBoundOpen(false);
    form.setFieldsValue({ code: '' });
  }

  return (
    <>
      <Form<Values>
        form={form}
        name="verify-phone"
        layout="vertical"
        requiredMark={false}
        size="large"
        initialValues={{ phone: initialPhone, code: '' }}
        onFinish={({ phone, code }) =>
          verify.mutate({ body: { phone: phone.trim(), code: code.trim() }, options: { onError: errors } })
        }
        disabled={verify.isPending}
      >
        <PhoneField label={t('web.verifyPhone.phone')} placeholder={t('web.verifyPhone.phonePlaceholder')} />
        <CodeField
          send={(options) => sendSmsCode(String(form.getFieldValue('phone') ?? '').trim(), 'certify', options)}
          target="phone"
          prefix={<SafetyOutlined aria-hidden="true" />}
        />
        <Button type="primary" htmlType="submit" block loading={verify.isPending}>
          {t('web.verifyPhone.submit')}
        </Button>
      </Form>
      <PhoneBoundModal
        open={boundOpen}
        boundTo={boundTo}
        onClose={closeBound}
        // back to the field the user now has to change
        afterClose={() => form.focusField('phone')}
      />
    </>
  );
}
