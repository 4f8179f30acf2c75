import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-error';

interface SendCodeButtonProps {
  /** Sends the code; resolves with the server's cooldown. */
  send: () => Promise<{ cooldownSeconds: number }>;
  /** Checked before sending, e.g. that the phone field is valid; false stops the send. */
  beforeSend?: () => Promise<boolean>;
  disabled?: boolean;
}

function cooldownOf(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const seconds = (error.data as { cooldownSeconds?: unknown } | null)?.cooldownSeconds;
  return typeof seconds === 'number' ? seconds : null;
}

/**
 * The get-code button: counts down the server's `cooldownSeconds` after a send, and also after a
 * refused send that says how long to wait, so the button never promises a send the server refuses.
 */
export function SendCodeButton({ send, beforeSend, disabled }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  async function onClick() {
    if (beforeSend && !(await beforeSend())) return;
    setSending(true);
    try {
      setSeconds((await send()).cooldownSeconds);
    } catch (error) {
      const wait = cooldownOf(error);
      if (wait) setSeconds(wait);
    } finally {
      setSending(false);
    }
  }

  return (
    <Button onClick={onClick} loading={sending} disabled={disabled || seconds > 0} data-testid="send-code">
      {seconds > 0 ? t('common.resendIn', { seconds }) : t('common.getCode')}
    </Button>
  );
}
