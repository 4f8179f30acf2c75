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
 * sign-in. A new account's email is said to be unproven, with where to prove it. `earlier`: the person
 * joined through the link before (another tab, another visit), so the link only leads into the portal.
 */
export function DoneStep({ outcome, earlier = false }: { outcome: RegistrationOutcome; earlier?: boolean }) {
  const { t } = useTranslation();
  const enterPortal = useEnterPortal();
  // A failure is told by the api client; the button stays for another try.
  const enter = useMutation({ mutationFn: () => enterPortal() });
  const company = outcome.enterpriseName;

  let title = t('registration.done.title');
  let lead = t('registration.done.description');
  if (earlier) {
    title = t('registration.done.earlierTitle', { company });
    lead = t('registration.done.earlierDescription');
  } else if (outcome.joined) {
    title = company ? t('registration.done.joinedTitle', { company }) : t('registration.done.joinedTitleNoName');
    lead = t('registration.done.joinedDescription');
  }

  return (
    <section className={styles.outcome}>
      <CheckCircleFilled className={styles.outcomeIcon} aria-hidden="true" />
      <StepHeading lead={lead}>{title}</StepHeading>
      {company ? (
        <DetailList
          rows={[
            { label: t('registration.done.company'), value: company },
            ...(outcome.enterpriseDomain
              ? [{ label: t('registration.done.domain'), value: outcome.enterpriseDomain }]
              : []),
          ]}
        />
      ) : null}
      {outcome.unprovenEmail ? (
        <Alert
          className={styles.outcomeNote}
          type="info"
          showIcon
          title={t('registration.done.emailUnproven', { email: outcome.unprovenEmail })}
        />
      ) : null}
      <Button
        type="primary"
        size="large"
        block
        icon={<LoginOutlined aria-hidden="true" />}
        loading={enter.isPending}
        onClick={() => enter.mutate()}
      >
        {earlier ? t('registration.done.openPortal') : t('registration.done.enter')}
      </Button>
    </section>
  );
}
