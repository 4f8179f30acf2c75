import { BankOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { enterCompany } from '../../session/portal-session';
import { currentEnterpriseOf, useCurrentEnterprise, usePortalEnterprises } from '../../session/session-queries';
import styles from './company-switcher.module.css';

/** The session's current company; switching it changes the products the home page offers. */
export function CompanySwitcher() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const enterprises = usePortalEnterprises();
  const current = useCurrentEnterprise();
  // A failure was said by the api client; the selection stays on the unchanged company.
  const { mutate: switchTo, isPending: switching } = useMutation({
    mutationFn: enterCompany,
    onSuccess: (info) => {
      const entered = currentEnterpriseOf(info);
      if (entered) message.success(t('web.layout.companySwitched', { name: entered.enterpriseName }));
    },
  });

  if (!enterprises || !current) return null;

  if (enterprises.length === 1) {
    return (
      <span className={styles.single} title={current.enterpriseName}>
        <BankOutlined aria-hidden="true" /> {current.abbreviation || current.enterpriseName}
      </span>
    );
  }

  return (
    <Select<number>
      className={styles.select}
      aria-label={t('web.layout.company')}
      value={current.enterpriseId}
      loading={switching}
      disabled={switching}
      onChange={(id) => switchTo(id)}
      prefix={<BankOutlined aria-hidden="true" />}
      popupMatchSelectWidth={false}
      options={enterprises.map((e) => ({
        value: e.enterpriseId,
        label: e.abbreviation || e.enterpriseName,
        title: e.enterpriseName,
      }))}
    />
  );
}
