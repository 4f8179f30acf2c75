import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReauthenticateRequest } from '@portal/shared/api/fresh-proof';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { FieldErrors } from '../lib/field-errors';
import { reauthenticate } from '../lib/fresh-proof-api';
import { passkeysQuery } from '../lib/passkeys-api';
import { twoStepStateQuery } from '../lib/two-step-api';
import { AntdTheme } from './antd-theme';
import { FormModal } from './form-modal';
import styles from './fresh-proof-modal.module.css';
import { PasskeyProofButton, useWebAuthn } from './passkey-proof-button';
import { ProofFields } from './proof-fields';

type Method = 'password' | 'code';
type ProofValues = { password?: string; code?: string };

interface FreshProofModalProps {
  onProven(): void;
  onCancel(): void;
}

/**
 * "Confirm it's you": the password, or, when two-step sign-in is on, a code of the app or a
 * recovery code, or, when the person has a passkey and the browser WebAuthn, the passkey, as the
 * person chooses. A wrong one is said under its field (a passkey's under its button); tries count
 * like sign-in failures on the server.
 */
export function FreshProofModal({ onProven, onCancel }: FreshProofModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProofValues>();
  const [method, setMethod] = useState<Method>('password');
  const [busy, setBusy] = useState(false);
  const twoStepOn = useQuery(twoStepStateQuery()).data?.enabled ?? false;
  const webAuthn = useWebAuthn();
  const hasPasskey = (useQuery({ ...passkeysQuery(), enabled: webAuthn }).data?.length ?? 0) > 0;

  async function submit(values: ProofValues, underFields: FieldErrors<keyof ProofValues>) {
    const body: ReauthenticateRequest =
      method === 'code' ? { code: values.code ?? '' } : { password: values.password ?? '' };
    setBusy(true);
    try {
      await reauthenticate(body, {
        onError: underFields({
          [ErrorCode.PasswordIncorrect]: 'password',
          [ErrorCode.TwoStepCodeInvalid]: 'code',
        }),
      });
      onProven();
    } catch {
      // said under the field or by the api client's toast; the dialog stays for another try
    } finally {
      setBusy(false);
    }
  }

  // drawn at the root, above the routes that bring antd's theme: it brings its own
  return (
    <AntdTheme>
      <FormModal<ProofValues>
        open
        title={t('personal.proofTitle')}
        name="fresh-proof"
        form={form}
        okText={t('personal.proofConfirm')}
        busy={busy}
        onSubmit={(values, underFields) => void submit(values, underFields)}
        onClose={onCancel}
      >
        <p className={styles.intro}>{t('personal.proofIntro')}</p>
        <ProofFields
          method={method}
          onMethodChange={setMethod}
          offerChoice={twoStepOn}
          passwordHint={<p className={styles.hint}>{t('personal.proofNoPassword')}</p>}
        />
        {webAuthn && hasPasskey ? (
          <PasskeyProofButton
            disabled={busy}
            prove={async (passkey, onError) => {
              await reauthenticate({ passkey }, { onError });
              onProven();
            }}
          />
        ) : null}
      </FormModal>
    </AntdTheme>
  );
}
