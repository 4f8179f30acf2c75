import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FlowFrame } from '../../components/flow/flow-frame';
import { IdentityStep, type ResetIdentity } from './identity-step';
import { NewPasswordStep } from './new-password-step';

/** Password recovery without a session: verify the phone or email with a code, then set a new password. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  // null on step 1; kept when going back, so the phone or email need not be typed again
  const [identity, setIdentity] = useState<ResetIdentity | null>(null);
  const [step, setStep] = useState<'verify' | 'password'>('verify');
  // Step 1's code field says why the person is back there.
  const [codeError, setCodeError] = useState<string>();

  return (
    <FlowFrame
      title={t('registration.reset.title')}
      description={t('registration.reset.description')}
      progressLabel={t('registration.reset.progress')}
      steps={[t('registration.reset.stepVerify'), t('registration.reset.stepPassword')]}
      current={step === 'verify' ? 0 : 1}
      onStepBack={() => setStep('verify')}
    >
      {step === 'password' && identity ? (
        <NewPasswordStep
          identity={identity}
          onBack={() => setStep('verify')}
          onCodeRejected={(message) => {
            setCodeError(message);
            setStep('verify');
          }}
        />
      ) : (
        <IdentityStep
          initial={identity}
          codeError={codeError}
          onVerified={(verified) => {
            setCodeError(undefined);
            setIdentity(verified);
            setStep('password');
          }}
        />
      )}
    </FlowFrame>
  );
}
