import { CopyOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedCompanyInvitation } from '@portal/shared/api/settings';
import { MODAL_WIDTH } from '@portal/shared/constants';
import { useFeedback } from '../../../components/feedback';
import { copyToClipboard } from '../../../lib/clipboard';
import { formatDate } from '../../../lib/format-date';
import styles from './invitations.module.css';

/** The new link, shown once (the server keeps only its hash): to copy, or to scan as a QR code. */
export function InvitationLinkModal({
  link,
  onClose,
}: {
  /** null while the dialog is closed. */
  link: CreatedCompanyInvitation | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const inputId = useId();

  async function copy() {
    if (!link) return;
    if (await copyToClipboard(link.url)) message.success(t('common.copySuccess'));
    else message.error(t('common.copyFailed'));
  }

  return (
    <Modal
      title={t('settings.invitations.linkTitle')}
      open={link !== null}
      width={MODAL_WIDTH}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('settings.invitations.done')}
        </Button>
      }
    >
      {link ? (
        <div className={styles.link}>
          <p className={styles.linkHint}>{t('settings.invitations.linkHint')}</p>
          <label htmlFor={inputId} className={styles.linkLabel}>
            {t('settings.invitations.link')}
          </label>
          <Space.Compact block>
            <Input id={inputId} readOnly value={link.url} onFocus={(event) => event.target.select()} />
            <Button type="primary" icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy()}>
              {t('settings.invitations.copy')}
            </Button>
          </Space.Compact>
          <figure className={styles.qr}>
            {/* dark modules on white in both themes: scanners expect them */}
            <QRCodeSVG
              value={link.url}
              size={184}
              marginSize={2}
              bgColor="#ffffff"
              fgColor="#000000"
              role="img"
              aria-label={t('settings.invitations.qrLabel')}
            />
            <figcaption>{t('settings.invitations.qrCaption')}</figcaption>
          </figure>
          <p className={styles.linkExpiry}>
            {t('settings.invitations.expiresAt', { time: formatDate(link.expiresAt) })}
          </p>
        </div>
      ) : null}
    </Modal>
  );
}
