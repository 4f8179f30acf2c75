import { BankOutlined } from '@ant-design/icons';
import { App, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-error';
import { refreshPortal } from '../../session/portal-session';
import { enterEnterprise } from '../../session/session-api';
import { selectCurrentEnterprise, useSession } from '../../stores/session-store';
import styles from './company-switcher.module.css';

/** The session's current company; switching it changes the products the home page offers. */
export function CompanySwitcher() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const enterprises = useSession((s) => s.enterprises);
  const current = useSession(selectCurrentEnterprise);
  const [switching, setSwitching] = useState(false);

  if (!enterprises || !current) return null;

  if (enterprises.length === 1) {
    return (
      <span className={styles.single} title={current.enterpriseName}>
        <BankOutlined aria-hidden="true" /> {current.abbreviation || current.enterpriseName}
      </span>
    );
  }

  async function switchTo(enterpriseId: number) {
    setSwitching(true);
    try {
      await enterEnterprise(enterpriseId);
      const info = await refreshPortal();
      const entered = info.enterpriseProduct.find((e) => e.enterpriseId === info.enterpriseId);
      if (entered) void message.success(t('web.layout.companySwitched', { name: entered.enterpriseName }));
    } catch (error) {
      // Already reported by the api client; the selection falls back to the unchanged company.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSwitching(false);
    }
  }

  return (
    <Select<number>
      className={styles.select}
      aria-label={t('web.layout.company')}
      value={current.enterpriseId}
      loading={switching}
      disabled={switching}
      onChange={(id) => void switchTo(id)}
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
