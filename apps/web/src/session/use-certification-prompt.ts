import { useCallback } from 'react';
import { CONFIRM_WIDTH } from '@portal/shared/constants';
import { useFeedback } from '../components/feedback';
import { i18n } from '../lib/i18n';
import { formatDeadline } from './certification';

export type CertificationChoice = 'verify' | 'skip';

/**
 * The prompt national cybersecurity rules call for, shown to an account without a verified phone.
 * Before the cut-off it can be skipped; after it the only way on is to verify (the server refuses
 * everything else), so it offers nothing else and cannot be dismissed.
 */
export function useCertificationPrompt(): (deadline: string, canSkip: boolean) => Promise<CertificationChoice> {
  const { modal } = useFeedback();
  return useCallback(
    (deadline, canSkip) =>
      new Promise<CertificationChoice>((resolve) => {
        // Texts are read at call time: the callback stays the same across language changes.
        const date = formatDeadline(deadline);
        const common = {
          title: i18n.t('web.certify.promptTitle'),
          okText: i18n.t('web.certify.verifyNow'),
          width: CONFIRM_WIDTH,
          mask: { closable: false },
          onOk: () => resolve('verify'),
        };
        if (canSkip) {
          modal.confirm({
            ...common,
            content: i18n.t('web.certify.promptBeforeCutOff', { date }),
            cancelText: i18n.t('web.certify.skip'),
            onCancel: () => resolve('skip'),
          });
        } else {
          modal.warning({
            ...common,
            content: i18n.t('web.certify.promptAfterCutOff', { date }),
            keyboard: false,
          });
        }
      }),
    [modal],
  );
}
