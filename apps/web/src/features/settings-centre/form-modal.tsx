import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '@portal/shared/constants';
import { ApiError } from '../../lib/api-error';
import { serverFieldErrors } from '../../lib/server-field-errors';

/**
 * A dialog holding one form. The form wraps the whole dialog, so that its OK button is the form's
 * submit button (Enter submits too); the dialog closes only when `onSubmit` succeeds, and a field the
 * server refused shows its message under that field.
 */
export function FormModal<Values extends object>({
  title,
  okText,
  open,
  form,
  initialValues,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  okText: string;
  open: boolean;
  form?: FormInstance<Values>;
  initialValues?: Partial<Values>;
  onClose(): void;
  /** Resolves false to keep the dialog open (the form shows why). */
  onSubmit(values: Values): Promise<void | false>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [ownForm] = Form.useForm<Values>();
  const instance = form ?? ownForm;
  const [saving, setSaving] = useState(false);

  async function finish(values: Values) {
    // one request at a time: Enter pressed again while saving does nothing
    if (saving) return;
    setSaving(true);
    try {
      if ((await onSubmit(values)) !== false) onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const names = Object.keys(instance.getFieldsValue(true) as object);
      const refused = [...serverFieldErrors(error)].filter(([name]) => names.includes(name));
      instance.setFields(refused.map(([name, message]) => ({ name: name as never, errors: [message] })));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={title}
      open={open}
      width={MODAL_WIDTH}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<Values>
          form={instance}
          layout="vertical"
          initialValues={initialValues}
          onFinish={(values) => void finish(values)}
          clearOnDestroy
        >
          {dialog}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
