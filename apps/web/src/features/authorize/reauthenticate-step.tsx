import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuthorizeStep } from '@portal/shared/api/authorize';
import type { ReauthenticateRequest } from '@portal/shared/api/fresh-proof';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { CenteredScreen } from '../../components/centered-screen';
import { PasskeyProofButton, useWebAuthn } from '../../components/passkey-proof-button';
import { type ProofMethod, ProofFields } from '../../components/proof-fields';
import { ScreenSection } from '../../components/screen-section';
import { paths } from '../../config/paths';
import type { ErrorHandlers } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/field-errors';
import { reauthenticate } from './authorize-api';
import styles from './authorize.module.css';
import { productName } from './product-name';

type Step = Extract<AuthorizeStep, { step: 'reauthenticate' }>;
type ProofValues = { password?: string; code?: string };

/**
 * The product asked for a new proof (`prompt=login`, `max_age`) or two factors (`acr_values`): the
 * portal's "Confirm it's you", on the sign-in screen, without signing out of the portal. With two
 * factors the methods come one after the other (the password, then a code of the app); otherwise the
 * person chooses. A passkey, where offered and the browser has WebAuthn, is a button beside them (with
 * user verification it is both factors at once); where it is the only proof, the screen's one button.
 * A wrong proof is said under its field (a passkey's under its button); tries count like sign-in
 * failures. A person asked for two factors who has no second one is told where to get it (the
 * product then gets one factor, and says so).
 */
export function ReauthenticateStep({
  uid,
  step,
  cancelling,
  onNext,
  onExpired,
  onCancel,
}: {
  uid: string;
  step: Step;
  cancelling: boolean;
  onNext: (next: AuthorizeStep) => void;
  onExpired: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProofValues>();
  const underFields = useFieldErrors(form);
  // the password and the code are typed in; the passkey is a button of its own
  const fieldMethods = step.methods.filter((m): m is ProofMethod => m !== 'passkey');
  const webAuthn = useWebAuthn();
  // offered where the browser can; the only proof is offered even so, and says it if it cannot
  const passkeyOffered = step.methods.includes('passkey') && (webAuthn || fieldMethods.length === 0);
  const [method, setMethod] = useState<ProofMethod>(fieldMethods[0] ?? 'password');
  const [busy, setBusy] = useState(false);
  const product = productName(t, step.client);

  /** Sends a proof; the answer is the next step. */
  async function prove(body: ReauthenticateRequest, onError: ErrorHandlers) {
    onNext(await reauthenticate(uid, body, { onError: { ...onError, [ErrorCode.NotFound]: onExpired } }));
  }

  async function submit(values: ProofValues) {
    const body: ReauthenticateRequest =
      method === 'code' ? { code: values.code ?? '' } : { password: values.password ?? '' };
    setBusy(true);
    try {
      await prove(
        body,
        underFields({ [ErrorCode.PasswordIncorrect]: 'password', [ErrorCode.TwoStepCodeInvalid]: 'code' }),
      );
    } catch {
      // said under the field, by the screen, or by the api client's toast; the form stays for another try
    } finally {
      setBusy(false);
    }
  }

  return (
    <CenteredScreen>
      <ScreenSection
        headingId="authorize-reauthenticate-heading"
        icon={<SafetyCertificateOutlined />}
        title={t('personal.proofTitle')}
        description={
          step.secondFactor && fieldMethods.length > 0
            ? t('authorize.reauthenticate.secondFactor', { product })
            : t('authorize.reauthenticate.description', { product })
        }
        busy={busy}
      >
        <Form<ProofValues>
          form={form}
          layout="vertical"
          name="authorize-reauthenticate"
          requiredMark={false}
          onFinish={(values) => void submit(values)}
          data-testid="authorize-reauthenticate-step"
        >
          {step.noSecondFactor ? (
            <Alert
              className={styles.notice}
              type="warning"
              showIcon
              title={t('authorize.reauthenticate.noSecondFactor', { product })}
              description={<Link to={paths.personal}>{t('authorize.reauthenticate.openPersonal')}</Link>}
              data-testid="authorize-no-second-factor"
            />
          ) : null}
          {fieldMethods.length > 0 ? (
            <>
              <ProofFields
                method={method}
                onMethodChange={setMethod}
                offerChoice={!step.secondFactor && fieldMethods.length > 1}
              />
              <Button
                className={styles.confirm}
                type="primary"
                size="large"
                htmlType="submit"
                block
                loading={busy}
                disabled={cancelling}
              >
                {t('personal.proofConfirm')}
              </Button>
            </>
          ) : null}
          {passkeyOffered ? (
            <div className={styles.passkeyProof}>
              <PasskeyProofButton
                primary={fieldMethods.length === 0}
                separated={fieldMethods.length > 0}
                disabled={busy || cancelling}
                prove={(passkey, onError) => prove({ passkey }, onError)}
              />
              {step.secondFactor && fieldMethods.length > 0 ? (
                <p className={styles.passkeyNote}>{t('authorize.reauthenticate.passkeyBothSteps')}</p>
              ) : null}
            </div>
          ) : null}
          <div className={styles.actions}>
            <Button type="link" onClick={onCancel} loading={cancelling} disabled={busy}>
              {t('authorize.reauthenticate.cancel')}
            </Button>
          </div>
        </Form>
      </ScreenSection>
    </CenteredScreen>
  );
}
