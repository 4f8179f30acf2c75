import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '@portal/shared/constants';
import { TwoStepSetup } from './two-step-setup';

interface TwoStepEnableModalProps {
  open: boolean;
  onClose(): void;
  /** Turned on and the recovery codes saved (or the dialog closed after they were shown). */
  onEnabled(): void;
}

/** Turning two-step sign-in on, in a dialog: a new secret each time it opens. */
export function TwoStepEnableModal({ open, onClose, onEnabled }: TwoStepEnableModalProps) {
  const { t } = useTranslation();
  // once a code confirmed it, closing the dialog any way means it is on
  const [on, setOn] = useState(false);

  function close() {
    if (on) onEnabled();
    else onClose();
    setOn(false);
  }

  return (
    <Modal
      open={open}
      title={t('twoStep.setupTitle')}
      width={MODAL_WIDTH}
      footer={null}
      onCancel={close}
      // the recovery codes must not vanish at a stray click beside the dialog
      mask={{ closable: false }}
      destroyOnHidden
    >
      <TwoStepSetup onEnabled={() => setOn(true)} onDone={close} />
    </Modal>
  );
}
