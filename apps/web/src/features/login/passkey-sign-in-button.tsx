import { KeyOutlined } from '@ant-design/icons';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, errorMessageKey } from '@portal/shared/errors/error-codes';
import { useFeedback } from '../../components/feedback';
import { ApiError } from '../../lib/api-error';
import { translateKey } from '../../lib/i18n';
import styles from './passkey-sign-in-button.module.css';
import { useSignedIn } from './use-sign-in';
import { useSignInWait } from './use-sign-in-wait';

/**
 * "Sign in with a passkey", beside the identifier tabs: no identifier to type, the browser offers the
 * passkeys it holds for the portal. WebAuthn and the calls are loaded on the first press, so that
 * the sign-in screen carries a few lines only. Not shown where the browser has no WebAuthn. The
 * server's refusals are the api client's toast (a sign-in wait with its time); a dialog that ends
 * without a passkey says so.
 */
const noChange = () => () => {};
const hasWebAuthn = () => typeof window.PublicKeyCredential === 'function';
// the page prerendered at build offers the button, as nearly every browser can; hydration keeps it,
// and a browser without WebAuthn drops it right after
const assumedOnServer = () => true;

export function PasskeySignInButton() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const { message } = useFeedback();
  const onError = useSignInWait({});
  const [busy, setBusy] = useState(false);
  const supported = useSyncExternalStore(noChange, hasWebAuthn, assumedOnServer);
  if (!supported) return null;

  async function signIn() {
    setBusy(true);
    try {
      const { signInWithPasskey } = await import('./passkey-sign-in');
      await signedIn(await signInWithPasskey({ onError }));
    } catch (error) {
      // the api client has told its refusals
      if (error instanceof ApiError) return;
      // WebAuthn answers NotAllowedError alike for a dialog cancelled and for a device without a
      // passkey for the portal (so that a site cannot probe for passkeys): a neutral word fits both
      if (error instanceof Error && error.name === 'NotAllowedError') message.warning(t('web.login.passkeyNotUsed'));
      else message.error(translateKey(errorMessageKey(ErrorCode.PasskeyNotVerified)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className={styles.or} aria-hidden="true">
        {t('web.login.passkeyOr')}
      </p>
      <button type="button" className={styles.button} disabled={busy} aria-busy={busy} onClick={() => void signIn()}>
        <KeyOutlined aria-hidden="true" />
        {t('web.login.passkeySignIn')}
      </button>
    </>
  );
}
