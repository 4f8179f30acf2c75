import { CheckCircleFilled, LoginOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegistrationResponse } from '@portal/shared/api/registration';
import { useEnterPortal } from '../../session/use-enter-portal';
import { DetailList } from './detail-list';
import { StepHeading } from '../../components/flow/step-heading';
import styles from '../../components/flow/flow-frame.module.css';

/** Step 4: the company joined and its domain; entering it runs the same landing as after sign-in. */
export function DoneStep({ result }: { result: RegistrationResponse }) {
  const { t } = useTranslation();
  const enterPortal = useEnterPortal();
  // A failure is told by the api client; the button stays for another try.
  const enter = useMutation({ mutationFn: () => enterPortal() });

  return (
    <section className={styles.outcome}>
      <CheckCircleFilled className={styles.outcomeIcon} aria-hidden="true" />
      <StepHeading lead={t('registration.done.description')}>{t('registration.done.title')}</StepHeading>
      <DetailList
        rows={[
          { label: t('registration.done.company'), value: result.enterpriseName },
          { label: t('registration.done.domain'), value: result.enterpriseDomain },
        ]}
      />
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
