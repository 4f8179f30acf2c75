import { useMutation } from '@tanstack/react-query';
import { Button, type ButtonProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { CallOptions } from '../lib/api-client';
import type { ApiError } from '../lib/api-error';
import { useFeedback } from './feedback';

/** Sends the code with these call options; resolves with the server's cooldown. */
export type SendCode = (options: CallOptions) => Promise<{ cooldownSeconds: number }>;

interface SendCodeButtonProps {
  send: SendCode;
  /** Checks the phone or email the code goes to, saying why under its field: no code goes to a malformed one. */
  checkTarget?: () => boolean | Promise<boolean>;
  /** A code is on its way: the caller moves the focus to where it is typed. */
  onSent?: () => void;
  disabled?: boolean;
  /** The form's control size where no antd Form sets it. */
  size?: ButtonProps['size'];
}

function cooldownOf(error: ApiError): number | null {
  const seconds = (error.data as { cooldownSeconds?: unknown } | null)?.cooldownSeconds;
  return typeof seconds === 'number' ? seconds : null;
}

/**
 * The get-code button: counts down the server's `cooldownSeconds` after a send, and after a send
 * refused for the cooldown, so the button never promises a send the server refuses. A send that
 * failed otherwise starts no countdown: the person may try again at once.
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

  // The catalogue's words for the cooldown name SMS; a code to an email waits the same way.
  const onError = {
    [ErrorCode.SmsBusy]: (error: ApiError) => {
      const wait = cooldownOf(error);
      if (wait) setSeconds(wait);
      message.warning(t('common.codeCooldown', { seconds: wait ?? 60 }));
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
    <Button
      onClick={() => void onClick()}
      loading={sending.isPending}
      disabled={disabled || seconds > 0}
      size={size}
      data-testid="send-code"
    >
      {seconds > 0 ? t('common.resendIn', { seconds }) : t('common.getCode')}
    </Button>
  );
}
