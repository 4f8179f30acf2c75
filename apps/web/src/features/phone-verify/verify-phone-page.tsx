import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CenteredScreen } from '../../components/centered-screen';
import { ScreenSection } from '../../components/screen-section';
import { paths } from '../../config/paths';
import { formatDeadline, isPastCutOff } from '../../session/certification';
import { signOut } from '../../session/portal-session';
import { fetchCertification } from '../../session/session-api';
import { useEnterPortal } from '../../session/use-enter-portal';
import { VerifyPhoneForm } from './verify-phone-form';
import styles from './verify-phone-page.module.css';

/**
 * /vertify-phone: national cybersecurity rules require a verified phone. Before the cut-off the user
 * may put it off; after it an unverified account has no other way on, so it offers only signing out.
 */
export function VerifyPhonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const enterPortal = useEnterPortal();
  // Asked on every visit, and not kept after it: the phone may have been verified since the last one.
  const { data: certification } = useQuery({
    queryKey: ['phone-verify', 'certification'],
    queryFn: fetchCertification,
    staleTime: 0,
    gcTime: 0,
  });
  const goOn = useMutation({ mutationFn: () => enterPortal({ certificationSettled: true }) });
  const leaving = goOn.isPending;

  async function leave() {
    await signOut();
    await navigate(paths.login, { replace: true });
  }

  // A verified account may come here to verify another number; only an unverified one is held here.
  const blocked = certification ? !certification.certified && isPastCutOff(certification.deadline) : false;
  const date = certification ? formatDeadline(certification.deadline) : '';
  const notice = !certification
    ? ''
    : certification.certified
      ? t('web.verifyPhone.alreadyVerified', { phone: certification.phone ?? '' })
      : blocked
        ? t('web.verifyPhone.afterCutOff', { date })
        : t('web.verifyPhone.beforeCutOff', { date });

  return (
    <CenteredScreen>
      <ScreenSection
        headingId="verify-phone-heading"
        icon={<SafetyCertificateOutlined />}
        title={t('web.verifyPhone.title')}
        description={t('web.verifyPhone.description')}
        busy={leaving}
      >
        {certification ? (
          <>
            <Alert className={styles.notice} type={blocked ? 'warning' : 'info'} showIcon title={notice} />
            <VerifyPhoneForm initialPhone={certification.phone ?? ''} onVerified={() => goOn.mutate()} />
            <div className={styles.actions}>
              {blocked ? null : (
                <Button type="link" onClick={() => goOn.mutate()} disabled={leaving}>
                  {t('web.verifyPhone.skip')}
                </Button>
              )}
              <Button type="link" onClick={() => void leave()}>
                {t('web.verifyPhone.signOut')}
              </Button>
            </div>
          </>
        ) : (
          <Skeleton active paragraph={{ rows: 4 }} />
        )}
      </ScreenSection>
    </CenteredScreen>
  );
}
