import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthorizeStep, ReauthenticationMethod } from '@portal/shared/api/authorize';
import type { ReauthenticateRequest } from '@portal/shared/api/fresh-proof';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { CenteredScreen } from '../../components/centered-screen';
import { ProofFields } from '../../components/proof-fields';
import { ScreenSection } from '../../components/screen-section';
import { authorizeCalls } from '../../lib/api-calls';
import { call } from '../../lib/api-client';
import { useFieldErrors } from '../../lib/field-errors';
import styles from './authorize.module.css';
import { productName } from './product-name';

type Step = Extract<AuthorizeStep, { step: 'reauthenticate' }>;
type ProofValues = { password?: string; code?: string };

/**
 * The product asked for a new proof (`prompt=login`, `max_age`) or two factors (`acr_values`): the
 * portal's "Confirm it's you", on the sign-in screen, without signing out of the portal. With two
 * factors the methods come one after the other (the password, then a code of the app); otherwise the
 * person chooses. A wrong proof is said under its field; tries count like sign-in failures.
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
  const [method, setMethod] = useState<ReauthenticationMethod>(step.methods[0] ?? 'password');
  const [busy, setBusy] = useState(false);
  const product = productName(t, step.client);

  async function submit(values: ProofValues) {
    const body: ReauthenticateRequest =
      method === 'code' ? { code: values.code ?? '' } : { password: values.password ?? '' };
    setBusy(true);
    try {
      onNext(
        await call(
          authorizeCalls.reauthenticateInteraction,
          { uid, ...body },
          {
            onError: {
              ...underFields({ [ErrorCode.PasswordIncorrect]: 'password', [ErrorCode.TwoStepCodeInvalid]: 'code' }),
              [ErrorCode.NotFound]: onExpired,
            },
          },
        ),
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
          step.secondFactor
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
          <ProofFields
            method={method}
            onMethodChange={setMethod}
            offerChoice={!step.secondFactor && step.methods.length > 1}
          />
          <div className={styles.actions}>
            <Button type="primary" size="large" htmlType="submit" block loading={busy} disabled={cancelling}>
              {t('personal.proofConfirm')}
            </Button>
            <Button type="link" onClick={onCancel} loading={cancelling} disabled={busy}>
              {t('authorize.reauthenticate.cancel')}
            </Button>
          </div>
        </Form>
      </ScreenSection>
    </CenteredScreen>
  );
}
