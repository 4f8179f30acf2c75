import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhoneBoundData } from '@portal/shared/api/personal';
import { MODAL_WIDTH } from '@portal/shared/constants';
import styles from './verify-phone-page.module.css';

/**
 * The sentence with its holder, "演*（ad***n）", as one piece that never breaks: at a phone's width the
 * line broke between the name and the account, which then read as two things.
 */
function keepHolderTogether(text: string, name: string, account: string): ReactNode {
  const accountAt = text.lastIndexOf(account);
  const nameAt = accountAt < 0 ? -1 : text.lastIndexOf(name, accountAt);
  if (nameAt < 0) return text;
  let end = accountAt + account.length;
  // the bracket that closes the account goes with it
  if (/[)）]/.test(text[end] ?? '')) end += 1;
  return (
    <>
      {text.slice(0, nameAt)}
      <span className={styles.holder}>{text.slice(nameAt, end)}</span>
      {text.slice(end)}
    </>
  );
}

/**
 * The phone belongs to another account. The server names that account (masked nickname, and its
 * account name or else its email) only when it is a colleague in one of the user's companies; a
 * stranger's account stays unnamed.
 */
export function PhoneBoundModal({
  boundTo,
  open,
  onClose,
  afterClose,
}: {
  boundTo: PhoneBoundData['boundTo'];
  open: boolean;
  onClose: () => void;
  /** Runs once the modal has gone and given the focus back. */
  afterClose: () => void;
}) {
  const { t } = useTranslation();
  // worded as the personal centre's phone change words it, so the two name a holder alike
  const description = !boundTo
    ? t('web.verifyPhone.boundElsewhere')
    : boundTo.account
      ? keepHolderTogether(
          t('personal.phoneBoundTo', { name: boundTo.nickname, account: boundTo.account }),
          boundTo.nickname,
          boundTo.account,
        )
      : t('personal.phoneBoundToName', { name: boundTo.nickname });

  return (
    <Modal
      open={open}
      width={MODAL_WIDTH}
      title={t('web.verifyPhone.boundTitle')}
      onCancel={onClose}
      afterClose={afterClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('web.verifyPhone.useAnotherPhone')}
        </Button>
      }
    >
      <p>{description}</p>
      <p>{t('web.verifyPhone.boundHint')}</p>
    </Modal>
  );
}
