import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PhoneBoundData, phoneBoundDataSchema } from '@portal/shared/api/personal';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { phoneSchema } from '@portal/shared/validation/rules';
import { FormModal, underField } from '../../components/form-modal';
import type { ErrorHandlers } from '../../lib/api-client';
import type { ApiError } from '../../lib/api-error';
import { sendSmsCode } from '../../lib/code-api';
import { schemaRule } from '../../lib/form-rule';
import { CodeField } from '../../components/code-field';
import { useUpdatePhone } from './personal-api';
import styles from './personal-page.module.css';

interface PhoneValues {
  phone: string;
  code: string;
}

interface PhoneModalProps {
  open: boolean;
  /** The phone now bound; null means the modal binds a first one. */
  currentPhone: string | null;
  /** The bound phone is unproven: the modal proves it (a code to it, prefilled) instead of changing it. */
  proving?: boolean;
  onClose(): void;
  onSaved(): void;
}

const FORM_NAME = 'personal-phone';

/** The colleague holding the phone, when the server names one (`data.boundTo` of a 1009106). */
function holderOf(error: ApiError): NonNullable<PhoneBoundData['boundTo']> | null {
  const parsed = phoneBoundDataSchema.safeParse(error.data);
  return parsed.success ? parsed.data.boundTo : null;
}

/** Changes or binds the phone: the code goes to the new phone (scene `bind`) and proves it. */
export function PhoneModal({ open, currentPhone, proving = false, onClose, onSaved }: PhoneModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PhoneValues>();
  const change = useUpdatePhone();

  /** A phone already bound is said under the phone field, naming the colleague when the server does. */
  function phoneBound(error: ApiError) {
    const holder = holderOf(error);
    const text = !holder
      ? error.message
      : holder.account
        ? t('personal.phoneBoundTo', { name: holder.nickname, account: holder.account })
        : t('personal.phoneBoundToName', { name: holder.nickname });
    form.setFields([{ name: 'phone', errors: [text] }]);
  }

  function submit(values: PhoneValues, errors: ErrorHandlers) {
    const body = { phone: values.phone.trim(), code: values.code.trim() };
    const onError = {
      ...errors,
      [ErrorCode.PhoneBound]: phoneBound,
      [ErrorCode.PhoneExists]: underField(form, 'phone'),
      [ErrorCode.CodeInvalid]: underField(form, 'code'),
    };
    change.mutate({ body, options: { onError } }, { onSuccess: onSaved });
  }

  return (
    <FormModal
      open={open}
      title={proving ? t('personal.provePhone') : currentPhone ? t('personal.changePhone') : t('personal.bindPhone')}
      name={FORM_NAME}
      form={form}
      okText={t('personal.save')}
      initialValues={proving && currentPhone ? { phone: currentPhone } : undefined}
      busy={change.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {currentPhone && !proving ? (
        <p className={styles.current}>{t('personal.currentValue', { value: currentPhone })}</p>
      ) : null}
      <Form.Item
        name="phone"
        label={currentPhone && !proving ? t('personal.newPhone') : t('personal.phone')}
        rules={[schemaRule(phoneSchema)]}
      >
        <Input
          autoFocus
          autoComplete="tel"
          inputMode="tel"
          spellCheck={false}
          placeholder={t('personal.phonePlaceholder')}
        />
      </Form.Item>
      <CodeField
        target="phone"
        extra={t('personal.phoneCodeHint')}
        send={(options) => sendSmsCode(form.getFieldValue('phone').trim(), 'bind', options)}
      />
    </FormModal>
  );
}
