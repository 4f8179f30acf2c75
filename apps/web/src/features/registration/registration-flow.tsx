import { Button, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { InvitationKind, RegistrationResponse } from '@portal/shared/api/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { FlowFrame } from '../../components/flow/flow-frame';
import styles from '../../components/flow/flow-frame.module.css';
import { paths } from '../../config/paths';
import type { ErrorHandlers } from '../../lib/api-client';
import type { ApiError } from '../../lib/api-error';
import { writeToken } from '../../lib/cookies';
import { AccountStep } from './account-step';
import { AlreadyJoined } from './already-joined';
import { DoneStep } from './done-step';
import { InvitationStep } from './invitation-step';
import { JoinStep } from './join-step';
import { type RegistrationOutcome, readOutcome, writeOutcome } from './registration-outcome';
import { type RegistrationProgress, clearProgress, readProgress, writeProgress } from './registration-progress';
import { type ValidReferral, useReferral } from './use-referral';
import { type VerifiedPhone, VerifyPhoneStep } from './verify-phone-step';

/**
 * The step on screen, kept in `?step=` so that the browser's Back and Forward move between steps.
 * `account` is a new account (and company), or only the company for a phone that has an account;
 * `join` confirms joining for a member link's phone that has an account; `joined` says it is in already.
 */
const STEPS = ['invitation', 'phone', 'account', 'join', 'joined'] as const;
type Step = (typeof STEPS)[number];

const DONE_INDEX = 3;
/** Already a member: nothing is left to do, so the stepper stands at its end. */
const STEP_INDEX: Record<Step, number> = { invitation: 0, phone: 1, account: 2, join: 2, joined: DONE_INDEX };

const TITLE = {
  admin: 'registration.flow.titleAdmin',
  member: 'registration.flow.titleMember',
  owner: 'registration.flow.titleOwner',
} as const;

function stepOf(param: string | null): Step {
  return STEPS.find((step) => step === param) ?? 'invitation';
}

/** Where step 2 leads: the account form, the join confirmation, or the already-a-member message. */
function afterVerification(kind: InvitationKind, verified: VerifiedPhone): Step {
  if (kind !== 'member') return 'account';
  if (verified.joined) return 'joined';
  return verified.registered ? 'join' : 'account';
}

/** The stepper's four steps; step 3 is the join confirmation for an account that joins. */
function useStepTitles(joining: boolean): string[] {
  const { t } = useTranslation();
  return [
    t('registration.steps.invitation'),
    t('registration.steps.verifyPhone'),
    joining ? t('registration.steps.confirmJoin') : t('registration.steps.account'),
    t('registration.steps.done'),
  ];
}

/**
 * The invitation flow (docs/registration.md#the-steps): steps 1-4; the link-invalid page is the fifth state.
 * Once it has finished, the link is used up: its outcome is kept for the tab, so that a reload or Back shows it
 * again instead of asking the server about a link that is no longer valid.
 */
export function RegistrationFlow({ kind }: { kind: InvitationKind }) {
  const [params] = useSearchParams();
  const referralId = params.get('referralId');
  const [outcome, setOutcome] = useState(() => (referralId ? readOutcome(referralId) : null));

  if (outcome) return <FinishedFlow kind={kind} outcome={outcome} />;
  return (
    <OpenFlow
      kind={kind}
      onFinished={(finished) => {
        if (referralId) writeOutcome(referralId, finished);
        setOutcome(finished);
      }}
    />
  );
}

/** Step 4, every step done: the company joined, or the way to sign in to it. `earlier`: in another
 *  tab or visit, so this one only says the person is in. */
function FinishedFlow({
  kind,
  outcome,
  earlier = false,
}: {
  kind: InvitationKind;
  outcome: RegistrationOutcome;
  earlier?: boolean;
}) {
  const { t } = useTranslation();
  const steps = useStepTitles(outcome.joined && kind === 'member' && !earlier);
  return (
    <FlowFrame
      title={t(TITLE[kind])}
      description={t('registration.flow.description')}
      progressLabel={t('registration.flow.progress')}
      steps={steps}
      current={DONE_INDEX}
      finished
    >
      <DoneStep outcome={outcome} earlier={earlier} />
    </FlowFrame>
  );
}

function OpenFlow({ kind, onFinished }: { kind: InvitationKind; onFinished: (outcome: RegistrationOutcome) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const referralId = params.get('referralId');
  const { state, retry } = useReferral(referralId, kind);
  const [progress, setProgress] = useState<RegistrationProgress>(() =>
    referralId ? readProgress(referralId) : { phone: '' },
  );
  // Step 2's code field says why the person is back there.
  const [codeError, setCodeError] = useState<string>();

  const requested = stepOf(params.get('step'));
  // A step after step 2 needs its ticket; without one (expired and refused, say) step 2 comes again.
  const step: Step = STEP_INDEX[requested] > 1 && !progress.verified ? 'phone' : requested;
  const current = STEP_INDEX[step];
  const steps = useStepTitles(step === 'join');

  if (state.status === 'joined') {
    const { enterpriseName, enterpriseDomain } = state.joined;
    const outcome = { enterpriseName, enterpriseDomain, joined: true, unprovenEmail: null };
    return <FinishedFlow kind={kind} outcome={outcome} earlier />;
  }

  function save(next: RegistrationProgress) {
    setProgress(next);
    if (referralId) writeProgress(referralId, next);
  }

  /** A step of its own in the history; a step forced by a refusal replaces the one refused. */
  function go(next: Step, { replace = false } = {}) {
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        if (next === 'invitation') query.delete('step');
        else query.set('step', next);
        return query;
      },
      { replace },
    );
  }

  /**
   * The link is used: an existing account has joined, or a new one (and company) is registered. An
   * account with two-step sign-in gave its code in the same request (the step asked for it), so
   * every answer is a session.
   */
  function registered(answer: RegistrationResponse, { joined, email }: { joined: boolean; email?: string }) {
    if (referralId) clearProgress(referralId);
    // The person is signed in from here on, also if the page is reloaded before entering.
    writeToken(answer.token);
    onFinished({
      enterpriseName: answer.enterpriseName,
      // shown also when the server made it up: the same link opened again names it, and the
      // person signs in on it
      enterpriseDomain: answer.enterpriseDomain,
      joined,
      unprovenEmail: email ?? null,
    });
  }

  function linkDead() {
    if (referralId) clearProgress(referralId);
    void navigate(paths.registerInvalidity, { replace: true });
  }

  const linkRejections: ErrorHandlers = { [ErrorCode.RegistrationFailed]: linkDead };

  /** Refusals of the registering calls that the flow answers by another step; the step answers the rest. */
  function rejections(verified: VerifiedPhone): ErrorHandlers {
    return {
      ...linkRejections,
      // the ticket of step 2 expired (15 minutes) or was refused: the phone is verified again
      [ErrorCode.CodeInvalid]: (error: ApiError) => {
        save({ phone: verified.phone });
        setCodeError(error.message);
        go('phone', { replace: true });
      },
      [ErrorCode.AlreadyJoined]: () => {
        save({ phone: verified.phone, verified: { ...verified, joined: true } });
        go('joined', { replace: true });
      },
      // the phone got an account since step 2 (another tab, say): that account joins instead
      ...(kind === 'member'
        ? {
            [ErrorCode.PhoneSignedUp]: () => {
              save({ phone: verified.phone, verified: { ...verified, registered: true } });
              go('join', { replace: true });
            },
          }
        : {}),
    };
  }

  function content(referral: ValidReferral, id: string) {
    const company = referral.enterpriseName ?? '';
    const verified = progress.verified;
    switch (step) {
      case 'invitation':
        return <InvitationStep referral={referral} onAccept={() => go('phone')} />;
      case 'phone':
        return (
          <VerifyPhoneStep
            referralId={id}
            initialPhone={progress.phone}
            codeError={codeError}
            rejections={linkRejections}
            onBack={() => go('invitation')}
            onVerified={(next) => {
              setCodeError(undefined);
              save({ phone: next.phone, verified: next });
              go(afterVerification(kind, next));
            }}
          />
        );
    }
    // the steps after step 2, which `step` only names together with its result
    if (!verified) return null;
    switch (step) {
      case 'account':
        return (
          <AccountStep
            kind={kind}
            referralId={id}
            verified={verified}
            onRegistered={(answer, given) => registered(answer, { joined: false, ...given })}
            rejections={rejections(verified)}
          />
        );
      case 'join':
        return (
          <JoinStep
            referralId={id}
            company={company}
            domain={referral.enterpriseDomain ?? ''}
            verified={verified}
            onRegistered={(answer) => registered(answer, { joined: true })}
            rejections={rejections(verified)}
            onBack={() => go('phone')}
          />
        );
      case 'joined':
        return <AlreadyJoined phone={verified.phone} company={company} />;
    }
  }

  function body() {
    if (state.status === 'failed') {
      return (
        <div className={styles.centered} role="alert">
          <p>{t('registration.flow.loadFailed')}</p>
          <Button onClick={retry}>{t('registration.flow.retry')}</Button>
        </div>
      );
    }
    // loading (a link joined through before is answered above)
    if (state.status !== 'valid' || !referralId) {
      return (
        <div className={styles.centered} role="status">
          <Spin />
          <span>{t('registration.flow.loading')}</span>
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
      finished={step === 'joined'}
      onStepBack={(index) => go(index === 0 ? 'invitation' : 'phone')}
    >
      {body()}
    </FlowFrame>
  );
}
