import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ErrorHandlers } from '../lib/api-client';
import type { ApiError } from '../lib/api-error';
import { serverFieldErrors } from '../lib/server-field-errors';
import { useFeedback } from './feedback';
import styles from './form-modal.module.css';

/** An `onError` handler that shows the rejection's message under one field of the form, not in a toast. */
export function underField<Values>(form: FormInstance<Values>, field: keyof Values & string) {
  return (error: ApiError) => form.setFields([{ name: field as never, errors: [error.message] }]);
}

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
   * Starts saving the values, typically `mutation.mutate(...)`. `errors` belongs in the api call's
   * `onError`, so that a field the server refused shows its message under that field instead of in
   * a toast; the caller adds the codes it shows its own way. The caller closes the dialog once the
   * save has succeeded: a failure keeps it open, to try again.
   */
  onSubmit(values: Values, errors: ErrorHandlers): void;
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
  const { message } = useFeedback();
  const [ownForm] = Form.useForm<Values>();
  const instance = form ?? ownForm;

  const errors = useMemo<ErrorHandlers>(
    () => ({
      [ErrorCode.BadRequest]: (error) => {
        const names = Object.keys(instance.getFieldsValue(true) as object);
        const refused = [...serverFieldErrors(error)].filter(([field]) => names.includes(field));
        // A refusal that names none of this form's fields is said the usual way, once.
        if (refused.length === 0) message.error({ content: error.message, key: error.message });
        else instance.setFields(refused.map(([field, text]) => ({ name: field as never, errors: [text] })));
      },
    }),
    [instance, message],
  );

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
            if (!busy) onSubmit(values, errors);
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
