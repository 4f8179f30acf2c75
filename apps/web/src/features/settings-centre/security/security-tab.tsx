import { useQuery } from '@tanstack/react-query';
import { Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../components/feedback';
import { securityQuery, useSaveSecurity } from './security-api';
import styles from './security.module.css';

/** The settings centre's "Security" tab: whether the company requires two-step sign-in of its members. */
export function SecurityTab() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { data: security } = useQuery(securityQuery());
  const save = useSaveSecurity();

  if (!security) return <Skeleton active paragraph={{ rows: 2 }} />;

  return (
    <section className={styles.card} aria-labelledby="security-title">
      <h2 id="security-title" className={styles.cardTitle}>
        {t('twoStep.securityTitle')}
      </h2>
      <div className={styles.row}>
        <div>
          <label className={styles.label} htmlFor="security-require-two-step">
            {t('twoStep.requireTwoStep')}
          </label>
          <p id="security-require-two-step-hint" className={styles.hint}>
            {t('twoStep.requireHint')}
          </p>
        </div>
        <Switch
          id="security-require-two-step"
          className={styles.switch}
          aria-describedby="security-require-two-step-hint"
          checked={security.requireTwoStep}
          loading={save.isPending}
          onChange={(requireTwoStep) =>
            save.mutate({ requireTwoStep }, { onSuccess: () => message.success(t('twoStep.saved')) })
          }
        />
      </div>
    </section>
  );
}
