import { HomeOutlined, LoginOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type AuthorizeStep, INTERACTION_QUERY } from '@portal/shared/api/authorize';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { LinkButton } from '../../components/link-button';
import { MessageScreen } from '../../components/message-screen';
import { PageLoading } from '../../components/page-loading';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-error';
import { readToken } from '../../lib/cookies';
import { forgetInteraction, rememberInteraction } from '../../session/pending-interaction';
import { signOut } from '../../session/portal-session';
import { abort, authorizeKeys, chooseCompany, companiesAgain, consent, fetchStep, proceed } from './authorize-api';
import { CompanyStep } from './company-step';
import { ConsentStep } from './consent-step';
import { DeniedStep } from './denied-step';
import { ReauthenticateStep } from './reauthenticate-step';

/** What the screen shows: a step of the interaction, that it is unknown or over, or that the person
 *  chose to sign in with another account (the screen's own step: the interaction waits meanwhile). */
type Shown = AuthorizeStep | { step: 'expired' } | { step: 'otherAccount' };

/** The person's choices that move the interaction on, each naming the button that waits for it
 *  (`continue` is the screen's own, when nothing is left to ask). */
type Action = 'choose' | 'cancel' | 'allow' | 'deny' | 'back' | 'other' | 'continue';

const isExpired = (error: unknown) => error instanceof ApiError && error.code === ErrorCode.NotFound;

/** The request is over (expired, finished, or never was): back to the product to start again, or into the portal. */
function ExpiredScreen() {
  const { t } = useTranslation();
  const signedIn = Boolean(readToken());
  return (
    <MessageScreen
      status="warning"
      title={t('authorize.expired.title')}
      description={<p data-testid="authorize-expired">{t('authorize.expired.description')}</p>}
      actions={
        signedIn ? (
          <LinkButton to={paths.home} icon={<HomeOutlined aria-hidden="true" />}>
            {t('authorize.expired.home')}
          </LinkButton>
        ) : (
          <LinkButton to={paths.login} icon={<LoginOutlined aria-hidden="true" />}>
            {t('authorize.expired.signIn')}
          </LinkButton>
        )
      }
    />
  );
}

/**
 * Steps that leave the screen: to sign in (signed out first when the product asked for a new
 * sign-in, or the person chose another account, so that the form shows), to the two-step set-up a
 * company requires, or back to the provider, which answers the product. Followed once: signing out
 * empties the app's answers, which asks for the step again. The interaction is remembered: signing in
 * comes back to it.
 */
function useFollowStep(shown: Shown | undefined) {
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (!shown || left.current) return;
    if (shown.step === 'expired') forgetInteraction();
    if (shown.step === 'redirect') {
      left.current = true;
      forgetInteraction();
      // the provider is no screen of this app: a full page load
      window.location.assign(shown.to);
    }
    if (shown.step === 'twoStepSetup') {
      left.current = true;
      void navigate(paths.twoStepSetup, { replace: true });
    }
    if (shown.step === 'signIn' || shown.step === 'otherAccount') {
      left.current = true;
      const signOutFirst = shown.step === 'otherAccount' || shown.fresh;
      void (async () => {
        if (signOutFirst) await signOut();
        await navigate(paths.login, { replace: true });
      })();
    }
  }, [shown, navigate]);
}

/**
 * A step that replaces another takes the focus at its heading (as the flows' step headings do), so
 * that keyboard and screen reader users continue there instead of at a button that no longer exists.
 */
function useStepFocus(step: Shown['step'] | undefined) {
  const previous = useRef(step);
  useEffect(() => {
    const before = previous.current;
    previous.current = step;
    if (!before || !step || before === step) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [step]);
}

function Interaction({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const first = useQuery({
    queryKey: authorizeKeys.step(uid),
    queryFn: ({ signal }) => fetchStep(uid, signal),
    staleTime: 0,
    gcTime: 0,
  });
  const [next, setNext] = useState<Shown | null>(null);
  const advance = useMutation({
    mutationFn: ({ run }: { action: Action; run: () => Promise<AuthorizeStep> }) => run(),
    onSuccess: (step) => setNext(step),
    onError: (error) => {
      if (isExpired(error)) setNext({ step: 'expired' });
    },
  });
  const busy = advance.isPending ? advance.variables.action : null;
  const move = (action: Action, run: () => Promise<AuthorizeStep>) => advance.mutate({ action, run });
  const shown: Shown | undefined = next ?? (isExpired(first.error) ? { step: 'expired' } : first.data);

  // remembered before any detour (sign-in, phone verification, two-step set-up): entering the portal comes
  // back here; with the product once the interaction has named it, which the sign-in page then names too
  const client = shown && 'client' in shown ? shown.client : undefined;
  useEffect(() => rememberInteraction(uid, client), [uid, client]);
  useFollowStep(shown);
  // nothing is left to ask: the screen finishes the sign-in with a call of its own, once per such answer
  const answer = next ?? first.data;
  const continued = useRef<Shown | null>(null);
  const { mutate } = advance;
  useEffect(() => {
    if (answer?.step !== 'continue' || continued.current === answer) return;
    continued.current = answer;
    mutate({ action: 'continue', run: () => proceed(uid) });
  }, [answer, mutate, uid]);
  useStepFocus(shown?.step);

  if (!shown && first.isError) {
    return (
      <MessageScreen
        status="error"
        title={t('authorize.failed.title')}
        description={t('authorize.failed.description')}
        actions={
          <Button
            type="primary"
            size="large"
            icon={<ReloadOutlined aria-hidden="true" />}
            onClick={() => void first.refetch()}
          >
            {t('authorize.failed.retry')}
          </Button>
        }
      />
    );
  }

  switch (shown?.step) {
    case 'expired':
      return <ExpiredScreen />;
    case 'reauthenticate':
      return (
        <ReauthenticateStep
          key={`reauthenticate-${shown.methods.join()}`}
          uid={uid}
          step={shown}
          cancelling={busy === 'cancel'}
          onNext={setNext}
          onExpired={() => setNext({ step: 'expired' })}
          onCancel={() => move('cancel', () => abort(uid))}
        />
      );
    case 'company':
      return (
        <CompanyStep
          key="company"
          step={shown}
          busy={busy !== null}
          onChoose={(enterpriseId) => move('choose', () => chooseCompany(uid, enterpriseId))}
          onCancel={() => move('cancel', () => abort(uid))}
        />
      );
    case 'consent': {
      const { company } = shown;
      return (
        <ConsentStep
          step={shown}
          busy={busy === 'allow' || busy === 'deny' ? busy : null}
          onAllow={() => move('allow', () => consent(uid, company?.enterpriseId))}
          onDeny={() => move('deny', () => abort(uid))}
        />
      );
    }
    case 'denied': {
      const { client } = shown;
      return (
        <DeniedStep
          step={shown}
          busy={busy === 'back' || busy === 'other' ? busy : null}
          onBack={() => move('back', () => abort(uid))}
          onOtherCompany={() => move('other', () => companiesAgain(uid, client))}
          onOtherAccount={() => setNext({ step: 'otherAccount' })}
        />
      );
    }
    default:
      // asking, going on, or leaving (to sign in, to the set-up, back to the product)
      return <PageLoading />;
  }
}

/**
 * /authorize?interaction=<uid>: a product signs a person in through the portal's OpenID provider
 * (docs/openid-provider.md#interaction). The screen asks the interaction's next step and follows it:
 * sign-in, the company, the consent of a third-party product, the refusal of a company without the
 * product, or back to the product.
 */
export function AuthorizePage() {
  const [params] = useSearchParams();
  const uid = params.get(INTERACTION_QUERY);
  if (!uid) return <ExpiredScreen />;
  // another interaction is another screen: nothing of the previous one's answers carries over
  return <Interaction key={uid} uid={uid} />;
}
