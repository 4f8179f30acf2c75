import { Button, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { InvitationKind, RegistrationResponse } from '@portal/shared/api/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ApiError } from '../../lib/api-error';
import { writeToken } from '../../lib/cookies';
import { AccountStep } from './account-step';
import { AlreadyJoined } from './already-joined';
import { DoneStep } from './done-step';
import { FlowFrame } from '../../components/flow/flow-frame';
import { InvitationStep } from './invitation-step';
import { JoinStep } from './join-step';
import { isLinkRejected, isTicketRejected } from './registration-api';
import { INVALIDITY_PATH, type ValidReferral, useReferral } from './use-referral';
import { type VerifiedPhone, VerifyPhoneStep } from './verify-phone-step';
import styles from '../../components/flow/flow-frame.module.css';

type Stage =
  | { step: 'invitation' }
  | { step: 'phone' }
  /** a new account (and company), or only the company for a phone that has an account */
  | { step: 'account'; verified: VerifiedPhone }
  /** a member link for a phone that has an account: confirm, then `boundEnterprise` */
  | { step: 'join'; verified: VerifiedPhone }
  | { step: 'joined'; verified: VerifiedPhone }
  | { step: 'done'; result: RegistrationResponse };

const STEP_INDEX: Record<Stage['step'], number> = {
  invitation: 0,
  phone: 1,
  account: 2,
  join: 2,
  joined: 2,
  done: 3,
};

const TITLE = {
  admin: 'registration.flow.titleAdmin',
  member: 'registration.flow.titleMember',
  owner: 'registration.flow.titleOwner',
} as const;

/** Where step 2 leads: the account form, the join confirmation, or the already-a-member message. */
function afterVerification(kind: InvitationKind, verified: VerifiedPhone): Stage {
  if (kind !== 'member') return { step: 'account', verified };
  if (verified.joined) return { step: 'joined', verified };
  return verified.registered ? { step: 'join', verified } : { step: 'account', verified };
}

/** The invitation flow of spec section 2 (steps 1-4; step 5 is the link-invalid page). */
export function RegistrationFlow({ kind }: { kind: InvitationKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const referralId = params.get('referralId');
  const { state, retry } = useReferral(referralId, kind);
  const [stage, setStage] = useState<Stage>({ step: 'invitation' });
  // kept across steps, so that going back to step 2 does not ask for the phone again
  const [phone, setPhone] = useState('');

  const current = STEP_INDEX[stage.step];
  const steps = [
    t('registration.steps.invitation'),
    t('registration.steps.verifyPhone'),
    stage.step === 'join' ? t('registration.steps.confirmJoin') : t('registration.steps.account'),
    t('registration.steps.done'),
  ];

  function registered(result: RegistrationResponse) {
    // The person is signed in from here on, also if the page is reloaded before entering.
    writeToken(result.token);
    setStage({ step: 'done', result });
  }

  /** Rejections a step cannot fix itself; true when handled here. */
  function rejected(error: ApiError, verified: VerifiedPhone): boolean {
    if (isLinkRejected(error)) {
      void navigate(INVALIDITY_PATH, { replace: true });
      return true;
    }
    if (isTicketRejected(error)) {
      setStage({ step: 'phone' });
      return true;
    }
    if (error.code === ErrorCode.AlreadyJoined) {
      setStage({ step: 'joined', verified });
      return true;
    }
    // the phone got an account since step 2 (another tab, say): that account joins instead
    if (error.code === ErrorCode.PhoneSignedUp && kind === 'member') {
      setStage({ step: 'join', verified: { ...verified, registered: true } });
      return true;
    }
    return false;
  }

  function content(referral: ValidReferral, id: string) {
    const company = referral.enterpriseName ?? '';
    switch (stage.step) {
      case 'invitation':
        return <InvitationStep referral={referral} onAccept={() => setStage({ step: 'phone' })} />;
      case 'phone':
        return (
          <VerifyPhoneStep
            referralId={id}
            initialPhone={phone}
            onBack={() => setStage({ step: 'invitation' })}
            onVerified={(verified) => {
              setPhone(verified.phone);
              setStage(afterVerification(kind, verified));
            }}
          />
        );
      case 'account':
        return (
          <AccountStep
            kind={kind}
            referralId={id}
            verified={stage.verified}
            onRegistered={registered}
            onRejected={(error) => rejected(error, stage.verified)}
          />
        );
      case 'join':
        return (
          <JoinStep
            referralId={id}
            company={company}
            domain={referral.enterpriseDomain ?? ''}
            verified={stage.verified}
            onRegistered={registered}
            onRejected={(error) => rejected(error, stage.verified)}
            onBack={() => setStage({ step: 'phone' })}
          />
        );
      case 'joined':
        return <AlreadyJoined phone={stage.verified.phone} company={company} />;
      case 'done':
        return <DoneStep result={stage.result} />;
    }
  }

  function body() {
    if (state.status === 'loading' || !referralId) {
      return (
        <div className={styles.centered} role="status">
          <Spin />
          <span>{t('registration.flow.loading')}</span>
        </div>
      );
    }
    if (state.status === 'failed') {
      return (
        <div className={styles.centered} role="alert">
          <p>{t('registration.flow.loadFailed')}</p>
          <Button onClick={retry}>{t('registration.flow.retry')}</Button>
        </div>
      );
    }
    return content(state.referral, referralId);
  }

  return (
    <FlowFrame
      title={t(TITLE[kind])}
      description={t('registration.flow.description')}
      progressLabel={t('registration.flow.progress')}
      steps={steps}
      current={current}
      // Once registered there is nothing to go back to; before, earlier steps stay reachable.
      onStepBack={
        stage.step === 'done'
          ? undefined
          : (index) => setStage(index === 0 ? { step: 'invitation' } : { step: 'phone' })
      }
    >
      {body()}
    </FlowFrame>
  );
}
