import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { CallOptions } from '../../lib/api-client';
import type { ApiErrorOf } from '../../lib/api-error';
import { waitInWords } from '../../lib/wait';
import { useFeedback } from '../feedback';
import { ActionButton } from './action-button';

/** Sends the code with these call options; resolves with the server's cooldown. */
export type SendCode = (options: CallOptions) => Promise<{ cooldownSeconds: number }>;

interface SendCodeButtonProps {
  send: SendCode;
  /** Checks the phone or email the code goes to, saying why under its field: no code goes to a malformed one. */
  checkTarget?: () => boolean | Promise<boolean>;
  /** A code is on its way: the caller moves the focus to where it is typed. */
  onSent?: () => void;
  disabled?: boolean;
  /** As high as the large text box beside it. */
  size?: 'large';
}

/** Up to this wait the button counts it down; a longer one (an hourly cap) is only said. */
const COUNTDOWN_MAX_SECONDS = 120;

/**
 * The get-code button: counts down the server's `cooldownSeconds` after a send. A refused send says
 * the server's wait (`retryAfterSeconds`) and counts it down when short, so the button never promises
 * a send the server refuses; only the target's own cooldown says a code was sent just now, which is
 * then true. A send that failed otherwise starts no countdown: the person may try again at once.
 */
export function SendCodeButton({ send, checkTarget, onSent, disabled, size }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  // The catalogue's words for the refusal name SMS; a code to an email waits the same way.
  const onError = {
    [ErrorCode.SmsBusy]: ({ data }: ApiErrorOf<typeof ErrorCode.SmsBusy>) => {
      const cooldown = data.cooldownSeconds;
      const wait = cooldown ?? data.retryAfterSeconds;
      if (wait <= COUNTDOWN_MAX_SECONDS) setSeconds(wait);
      message.warning(
        cooldown === undefined
          ? t('common.codeLimited', { wait: waitInWords(t, wait) })
          : t('common.codeCooldown', { seconds: cooldown }),
      );
    },
  };

  // A failure is said by the handler above for the cooldown, by the api client for the rest.
  const sending = useMutation({
    mutationFn: () => send({ onError }),
    onSuccess: ({ cooldownSeconds }) => {
      setSeconds(cooldownSeconds);
      onSent?.();
    },
  });

  async function onClick() {
    if (checkTarget && !(await checkTarget())) return;
    sending.mutate();
  }

  return (
    <ActionButton
      onClick={() => void onClick()}
      loading={sending.isPending}
      disabled={disabled || seconds > 0}
      size={size}
      data-testid="send-code"
    >
      {seconds > 0 ? t('common.resendIn', { seconds }) : t('common.getCode')}
    </ActionButton>
  );
}
