import { CheckCircleFilled, LoginOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from '../../components/flow/flow-frame.module.css';
import { StepHeading } from '../../components/flow/step-heading';
import { useEnterPortal } from '../../session/use-enter-portal';
import { DetailList } from './detail-list';
import type { RegistrationOutcome } from './registration-outcome';

/**
 * Step 4: the company registered or joined, and its domain; entering it runs the same landing as after
 * sign-in. A new account's email is said to be unproven, with where to prove it.
 */
export function DoneStep({ outcome }: { outcome: RegistrationOutcome }) {
  const { t } = useTranslation();
  const enterPortal = useEnterPortal();
  // A failure is told by the api client; the button stays for another try.
  const enter = useMutation({ mutationFn: () => enterPortal() });
  const company = outcome.enterpriseName;

  const title = !outcome.joined
    ? t('registration.done.title')
    : company
      ? t('registration.done.joinedTitle', { company })
      : t('registration.done.joinedTitleNoName');
  const lead = outcome.joined ? t('registration.done.joinedDescription') : t('registration.done.description');

  return (
    <section className={styles.outcome}>
      <CheckCircleFilled className={styles.outcomeIcon} aria-hidden="true" />
      <StepHeading lead={lead}>{title}</StepHeading>
      {company && outcome.enterpriseDomain ? (
        <DetailList
          rows={[
            { label: t('registration.done.company'), value: company },
            { label: t('registration.done.domain'), value: outcome.enterpriseDomain },
          ]}
        />
      ) : null}
      {outcome.unprovenEmail ? (
        <Alert type="info" showIcon title={t('registration.done.emailUnproven', { email: outcome.unprovenEmail })} />
      ) : null}
      <Button
        type="primary"
        size="large"
        block
        icon={<LoginOutlined aria-hidden="true" />}
        loading={enter.isPending}
        onClick={() => enter.mutate()}
      >
        {t('registration.done.enter')}
      </Button>
    </section>
  );
}
