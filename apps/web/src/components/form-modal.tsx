import { App, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ErrorHandlers } from '../lib/api-client';
import { ApiError } from '../lib/api-error';
import { serverFieldErrors } from '../lib/server-field-errors';
import styles from './form-modal.module.css';

interface FormModalProps<Values> {
  open: boolean;
  title: string;
  /** The form's name; antd derives the fields' ids from it, so it must be unique on the page. */
  name: string;
  /** The submit button's label. */
  okText: string;
  form?: FormInstance<Values>;
  initialValues?: Partial<Values>;
  /**
   * Saves the values, passing `errors` on to its api call so that a field the server refused shows
   * its message under that field instead of a toast. Resolves false to keep the dialog open (the
   * form shows why); a rejected call keeps it open too.
   */
  onSubmit(values: Values, errors: ErrorHandlers): Promise<void | false>;
  onClose(): void;
  children: ReactNode;
}

/**
 * The one dialog around a form (spec: width 520). The form wraps the whole dialog, so that the
 * footer's button is its submit button and Enter in any field saves; one request at a time.
 */
export function FormModal<Values extends object>({
  open,
  title,
  name,
  okText,
  form,
  initialValues,
  onSubmit,
  onClose,
  children,
}: FormModalProps<Values>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [ownForm] = Form.useForm<Values>();
  const instance = form ?? ownForm;
  const [saving, setSaving] = useState(false);

  const errors = useMemo<ErrorHandlers>(
    () => ({
      [ErrorCode.BadRequest]: (error) => {
        const names = Object.keys(instance.getFieldsValue(true) as object);
        const refused = [...serverFieldErrors(error)].filter(([field]) => names.includes(field));
        // A refusal that names none of this form's fields is said the usual way.
        if (refused.length === 0) void message.error({ content: error.message, key: error.message });
        else instance.setFields(refused.map(([field, text]) => ({ name: field as never, errors: [text] })));
      },
    }),
    [instance, message],
  );

  async function finish(values: Values) {
    if (saving) return;
    setSaving(true);
    try {
      if ((await onSubmit(values, errors)) !== false) onClose();
    } catch (error) {
      // Said already, by the api client or by `errors`; the dialog stays open to try again.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      width={MODAL_WIDTH}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      onCancel={onClose}
      // A stray click beside the dialog should not throw away what was typed; Esc still closes it.
      mask={{ closable: false }}
      destroyOnHidden
      classNames={{ body: styles.body, footer: styles.footer }}
      modalRender={(dialog) => (
        <Form<Values>
          form={instance}
          name={name}
          layout="vertical"
          initialValues={initialValues}
          clearOnDestroy
          onFinish={(values) => void finish(values)}
        >
          {dialog}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
