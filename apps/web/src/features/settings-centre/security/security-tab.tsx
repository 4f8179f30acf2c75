import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SecurityState } from '@portal/shared/api/two-step';
import { CONFIRM_WIDTH } from '@portal/shared/constants';
import { Card } from '../../../components/card';
import { useFeedback } from '../../../components/feedback';
import { paths } from '../../../config/paths';
import { untilSettled } from '../until-settled';
import { securityQuery, useSaveSecurity } from './security-api';
import styles from './security.module.css';

/**
 * The settings centre's "Security" tab: whether the company requires two-step sign-in of its members.
 * Requiring it sends everyone without it to set-up, in every company they belong to: the switch names
 * how many first, and stays off while the administrator has none of their own (the server refuses it
 * then: 1009168).
 */
export function SecurityTab() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const { data: security } = useQuery(securityQuery());
  const save = useSaveSecurity();

  if (!security) return <Skeleton active paragraph={{ rows: 2 }} />;

  const saved = () => message.success(t('twoStep.saved'));
  const blocked = !security.requireTwoStep && !security.administratorHasTwoStep;

  function confirmRequire(state: SecurityState) {
    modal.confirm({
      title: t('twoStep.requireConfirmTitle'),
      // two counts, each with its own plural form: two sentences, joined as the language joins them
      content: t('twoStep.requireConfirmContent', {
        applies: t('twoStep.requireConfirmApplies', { count: state.members }),
        unready: state.membersWithoutTwoStep
          ? t('twoStep.requireConfirmUnready', { count: state.membersWithoutTwoStep })
          : t('twoStep.requireConfirmAllReady'),
      }),
      okText: t('twoStep.requireConfirmOk'),
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: () => untilSettled(save, { requireTwoStep: true }, saved),
    });
  }

  return (
    <Card padding="md" className={styles.card} aria-labelledby="security-title">
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
          aria-describedby={`security-require-two-step-hint${blocked ? ' security-admin-missing' : ''}`}
          checked={security.requireTwoStep}
          disabled={blocked}
          loading={save.isPending}
          onChange={(requireTwoStep) =>
            requireTwoStep ? confirmRequire(security) : save.mutate({ requireTwoStep }, { onSuccess: saved })
          }
        />
      </div>
      {blocked ? (
        <Alert
          className={styles.notice}
          type="warning"
          showIcon
          title={<span id="security-admin-missing">{t('twoStep.requireAdminMissing')}</span>}
          // under the text, not beside it: beside, a phone's width left the text a column of letters
          description={<Link to={paths.personal}>{t('twoStep.openPersonal')}</Link>}
        />
      ) : null}
    </Card>
  );
}
