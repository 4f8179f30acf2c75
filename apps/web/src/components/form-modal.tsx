import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '@portal/shared/constants';
import { type FieldErrors, useFieldErrors } from '../lib/field-errors';
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
  /** A save is under way (the mutation's `isPending`): the button spins and another submit does nothing. */
  busy: boolean;
  /**
   * Starts saving the values, typically `mutation.mutate(...)`. `underFields(...)` is the api call's
   * `onError`, so that a field the server refused shows its message under that field instead of in
   * a toast; the caller names its call's codes that belong under a field. The caller closes the
   * dialog once the save has succeeded: a failure keeps it open, to try again.
   */
  onSubmit(values: Values, underFields: FieldErrors<keyof Values & string>): void;
  onClose(): void;
  children: ReactNode;
}

/**
 * The one dialog around a form (MODAL_WIDTH: docs/portal-and-products.md#screen-constants). The form wraps
 * the whole dialog, so that the footer's button is its submit button and Enter in any field saves.
 */
export function FormModal<Values extends object>({
  open,
  title,
  name,
  okText,
  form,
  initialValues,
  busy,
  onSubmit,
  onClose,
  children,
}: FormModalProps<Values>) {
  const { t } = useTranslation();
  const [ownForm] = Form.useForm<Values>();
  const instance = form ?? ownForm;
  const underFields = useFieldErrors(instance);

  return (
    <Modal
      open={open}
      title={title}
      width={MODAL_WIDTH}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: busy }}
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
          onFinish={(values) => {
            if (!busy) onSubmit(values, underFields);
          }}
        >
          {dialog}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
