import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '@portal/shared/constants';
import { ApiError } from '../../lib/api-error';
import styles from '../../components/form-modal.module.css';

interface FormModalProps<Values> {
  open: boolean;
  title: string;
  /** The form's name; antd derives the fields' ids from it, so it must be unique on the page. */
  name: string;
  form: FormInstance<Values>;
  initialValues?: Partial<Values>;
  /** Saves the values. A rejected call keeps the modal open: the api client has told the user why. */
  onSubmit(values: Values): Promise<void>;
  onClose(): void;
  children: ReactNode;
}

/**
 * A modal (spec: width 520) around one form of the personal centre. The form wraps the whole
 * dialog, so that the footer's save button is its submit button and Enter in any field saves.
 */
export function FormModal<Values extends object>({
  open,
  title,
  name,
  form,
  initialValues,
  onSubmit,
  onClose,
  children,
}: FormModalProps<Values>) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);

  async function finish(values: Values) {
    setSubmitting(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      width={MODAL_WIDTH}
      okText={t('personal.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit' }}
      confirmLoading={submitting}
      onCancel={onClose}
      // A stray click beside the dialog should not throw away what was typed; Esc still closes it.
      mask={{ closable: false }}
      destroyOnHidden
      classNames={{ body: styles.body, footer: styles.footer }}
      modalRender={(dialog) => (
        <Form<Values>
          form={form}
          name={name}
          layout="vertical"
          requiredMark={false}
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
