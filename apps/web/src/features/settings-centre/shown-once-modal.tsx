import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '@portal/shared/constants';
import { useFeedback } from '../../components/feedback';
import { copyToClipboard } from '../../lib/clipboard';
import styles from './shown-once-modal.module.css';

/**
 * A credential the server has just made and keeps only sealed or hashed (a webhook's signing secret,
 * an API key): shown this once, to copy, with the warning that it cannot be seen again. Only the
 * button closes it, so that a stray click beside it does not lose the value.
 */
export function ShownOnceModal({
  title,
  hint,
  label,
  warning,
  value,
  children,
  onClose,
}: {
  title: string;
  hint: string;
  label: string;
  warning: string;
  /** null while the dialog is closed. */
  value: string | null;
  /** What else the reader should know (until when a previous secret still signs). */
  children?: ReactNode;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const inputId = useId();

  async function copy() {
    if (value === null) return;
    if (await copyToClipboard(value)) message.success(t('common.copySuccess'));
    else message.error(t('common.copyFailed'));
  }

  return (
    <Modal
      title={title}
      open={value !== null}
      width={MODAL_WIDTH}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('integrations.done')}
        </Button>
      }
    >
      {value !== null ? (
        <div className={styles.body}>
          <p className={styles.hint}>{hint}</p>
          <label htmlFor={inputId} className={styles.label}>
            {label}
          </label>
          <Space.Compact block>
            <Input
              id={inputId}
              className={styles.value}
              readOnly
              value={value}
              onFocus={(event) => event.target.select()}
            />
            <Button type="primary" icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy()}>
              {t('integrations.copy')}
            </Button>
          </Space.Compact>
          <Alert type="warning" showIcon title={warning} />
          {children}
        </div>
      ) : null}
    </Modal>
  );
}
