import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailSchema } from '@portal/shared/validation/rules';
import { sendEmailCode } from '../../lib/code-api';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { FormModal, underField } from '../../components/form-modal';
import type { ErrorHandlers } from '../../lib/api-client';
import { schemaRule } from '../../lib/form-rule';
import { CodeField } from '../../components/code-field';
import { useUpdateEmail } from './personal-api';
import styles from './personal-page.module.css';

interface EmailValues {
  email: string;
  code: string;
}

interface EmailModalProps {
  open: boolean;
  /** The email now bound; null means the modal binds a first one. */
  currentEmail: string | null;
  /** The bound email is unproven: the modal proves it (a code to it, prefilled) instead of changing it. */
  proving?: boolean;
  onClose(): void;
  onSaved(): void;
}

const FORM_NAME = 'personal-email';

/** Changes or binds the email: the code goes to the new email (scene `bind`) and proves it. */
export function EmailModal({ open, currentEmail, proving = false, onClose, onSaved }: EmailModalProps) {
  const { t } = useTranslation();
  const change = useUpdateEmail();
  const [form] = Form.useForm<EmailValues>();

  function submit(values: EmailValues, errors: ErrorHandlers) {
    const body = { email: values.email.trim(), code: values.code.trim() };
    const onError = {
      ...errors,
      [ErrorCode.EmailBound]: underField(form, 'email'),
      [ErrorCode.NewEmailRegistered]: underField(form, 'email'),
      [ErrorCode.CodeInvalid]: underField(form, 'code'),
    };
    change.mutate({ body, options: { onError } }, { onSuccess: onSaved });
  }

  return (
    <FormModal
      open={open}
      title={proving ? t('personal.proveEmail') : currentEmail ? t('personal.changeEmail') : t('personal.bindEmail')}
      name={FORM_NAME}
      form={form}
      okText={t('personal.save')}
      initialValues={proving && currentEmail ? { email: currentEmail } : undefined}
      busy={change.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {currentEmail && !proving ? (
        <p className={styles.current}>{t('personal.currentValue', { value: currentEmail })}</p>
      ) : null}
      <Form.Item
        name="email"
        label={currentEmail && !proving ? t('personal.newEmail') : t('personal.email')}
        rules={[schemaRule(emailSchema)]}
      >
        {/* A text input: type="email" would let the browser's own bubble pre-empt the rule's message. */}
        <Input
          autoFocus
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          placeholder={t('personal.emailPlaceholder')}
        />
      </Form.Item>
      <CodeField
        target="email"
        extra={t('personal.emailCodeHint')}
        send={(options) => sendEmailCode(form.getFieldValue('email').trim(), 'bind', options)}
      />
    </FormModal>
  );
}
