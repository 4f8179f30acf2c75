import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { useFeedback } from '../../components/feedback';
import type { ErrorHandlers } from '../../lib/api-client';
import { waitInWords } from '../../lib/wait';

/** The form's own refusals, and the sign-in wait (1000429) said with the time the server gave. */
export function useSignInWait<Handlers extends ErrorHandlers>(
  errors: Handlers,
): Handlers & ErrorHandlers<typeof ErrorCode.TooManyAttempts> {
  const { t } = useTranslation();
  const { message } = useFeedback();
  return {
    [ErrorCode.TooManyAttempts]: ({ data }) => {
      message.error(t('common.signInWait', { wait: waitInWords(t, data.retryAfterSeconds) }));
    },
    ...errors,
  };
}
