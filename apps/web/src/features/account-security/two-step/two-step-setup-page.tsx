import { SafetyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CenteredScreen } from '../../../components/centered-screen';
import { ScreenSection } from '../../../components/screen-section';
import { paths } from '../../../config/paths';
import { signOut } from '../../../session/portal-session';
import { useEnterPortal } from '../../../session/use-enter-portal';
import { TwoStepSetup } from './two-step-setup';
import styles from './two-step-setup-page.module.css';

/**
 * The set-up a company requires: a member of a company that requires two-step sign-in, without it,
 * comes here after signing in (the router's guard holds every signed-in screen until then). They
 * set it up and go on into the portal, or sign out.
 */
export function TwoStepSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const enterPortal = useEnterPortal();
  // enterPortal reads the user again, whose answer now says the requirement is met
  const goOn = useMutation({ mutationFn: () => enterPortal() });

  async function leave() {
    await signOut();
    await navigate(paths.login, { replace: true });
  }

  return (
    <CenteredScreen>
      <ScreenSection
        headingId="two-step-setup-heading"
        icon={<SafetyOutlined />}
        title={t('twoStep.requiredTitle')}
        description={t('twoStep.requiredHint')}
        busy={goOn.isPending}
      >
        <TwoStepSetup onDone={() => goOn.mutate()} />
        <div className={styles.actions}>
          <Button type="link" onClick={() => void leave()} disabled={goOn.isPending}>
            {t('twoStep.signOut')}
          </Button>
        </div>
      </ScreenSection>
    </CenteredScreen>
  );
}
