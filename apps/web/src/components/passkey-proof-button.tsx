import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasskeySignInRequest } from '@portal/shared/api/passkeys';
import { ErrorCode, errorMessageKey } from '@portal/shared/errors/error-codes';
import type { ErrorHandlers } from '../lib/api-client';
import { ApiError } from '../lib/api-error';
import { translateKey } from '../lib/i18n';
import styles from './passkey-proof-button.module.css';

/** The codes of a passkey's proof that the button says itself, beside the other proofs. */
export type PasskeyProofCode = typeof ErrorCode.PasskeyChallengeInvalid | typeof ErrorCode.PasskeyNotVerified;

const noChange = () => () => {};
const hasWebAuthn = () => typeof window.PublicKeyCredential === 'function';

/** Whether this browser can use a passkey at all (no WebAuthn: nothing to offer). */
export function useWebAuthn(): boolean {
  return useSyncExternalStore(noChange, hasWebAuthn, () => true);
}

const loadCeremony = () => import('./passkey-proof');

/**
 * "Use a passkey", beside the password and the two-step code of "Confirm it's you" (the fresh-proof
 * dialog, a product's step-up): the server's options, the browser's dialog, then `prove` sends the
 * answer, with `onError` for the refusals this button says itself (a dead challenge, a passkey that
 * does not verify). WebAuthn's code is loaded once the button shows; a press before it has arrived
 * shows the button busy, never dead. What went wrong is said inside the dialog, which stays for
 * another try or another proof; a browser dialog that ended without a passkey is a neutral word.
 */
export function PasskeyProofButton({
  prove,
  disabled = false,
  primary = false,
  separated = true,
}: {
  prove: (passkey: PasskeySignInRequest, onError: ErrorHandlers<PasskeyProofCode>) => Promise<unknown>;
  /** Another proof is on its way. */
  disabled?: boolean;
  /** The only proof offered: the screen's main button. */
  primary?: boolean;
  /** An "or" above it, after the other proofs' fields. */
  separated?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ type: 'warning' | 'error'; text: string } | null>(null);

  // the person who sees the button has a passkey and will likely press it
  useEffect(() => {
    loadCeremony().catch(() => {});
  }, []);

  const say = (code: PasskeyProofCode) => () => setNotice({ type: 'error', text: translateKey(errorMessageKey(code)) });

  async function press() {
    setBusy(true);
    setNotice(null);
    try {
      const { passkeyProof } = await loadCeremony();
      const passkey = await passkeyProof();
      await prove(passkey, {
        [ErrorCode.PasskeyChallengeInvalid]: say(ErrorCode.PasskeyChallengeInvalid),
        [ErrorCode.PasskeyNotVerified]: say(ErrorCode.PasskeyNotVerified),
      });
    } catch (error) {
      // the server's refusals: said above, or by the api client's toast
      if (error instanceof ApiError) return;
      // WebAuthn answers NotAllowedError alike for a dialog cancelled and for a device without this
      // account's passkey (so that a site cannot probe for passkeys): a neutral word fits both
      if (error instanceof Error && error.name === 'NotAllowedError')
        setNotice({ type: 'warning', text: t('personal.proofPasskeyNotUsed') });
      else say(ErrorCode.PasskeyNotVerified)();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      {separated ? (
        <p className={styles.or} aria-hidden="true">
          {t('personal.proofPasskeyOr')}
        </p>
      ) : null}
      <Button
        type={primary ? 'primary' : 'default'}
        size="large"
        block
        icon={<KeyOutlined aria-hidden="true" />}
        loading={busy}
        aria-busy={busy}
        disabled={disabled && !busy}
        onClick={() => void press()}
      >
        {t('personal.proofWithPasskey')}
      </Button>
      {notice ? <Alert className={styles.notice} type={notice.type} showIcon title={notice.text} /> : null}
    </div>
  );
}
