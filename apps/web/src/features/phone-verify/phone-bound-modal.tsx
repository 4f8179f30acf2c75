import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PhoneBoundData } from '@portal/shared/api/personal';
import { MODAL_WIDTH } from '@portal/shared/constants';

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
      ? t('personal.phoneBoundTo', { name: boundTo.nickname, account: boundTo.account })
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
