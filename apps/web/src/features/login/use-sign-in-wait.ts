import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { useFeedback } from '../../components/feedback';
import type { ErrorHandlers } from '../../lib/api-client';
import type { ApiError } from '../../lib/api-error';
import { secondsIn, waitInWords } from '../../lib/wait';

/** The form's own refusals, and the sign-in wait (1000429) said with the time the server gave. */
export function useSignInWait<Handlers extends ErrorHandlers>(
  errors: Handlers,
): Handlers & ErrorHandlers<typeof ErrorCode.TooManyAttempts> {
  const { t } = useTranslation();
  const { message } = useFeedback();
  return {
    [ErrorCode.TooManyAttempts]: (error: ApiError) => {
      const wait = secondsIn(error, 'retryAfterSeconds');
      message.error(wait === null ? error.message : t('common.signInWait', { wait: waitInWords(t, wait) }));
    },
    ...errors,
  };
}
