import { BankOutlined, CheckCircleFilled, LockOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthorizeStep } from '@portal/shared/api/authorize';
import { CenteredScreen } from '../../components/centered-screen';
import { ScreenSection } from '../../components/screen-section';
import { readEnterpriseId } from '../../lib/cookies';
import styles from './authorize.module.css';
import { productName } from './product-name';

type Step = Extract<AuthorizeStep, { step: 'company' }>;

/** The portal's current company when it has the product, else the first that has it. */
function firstChoice(companies: Step['companies']): number | undefined {
  const entitled = companies.filter((company) => company.entitled);
  const current = readEnterpriseId();
  return (entitled.find((company) => company.enterpriseId === current) ?? entitled[0])?.enterpriseId;
}

/**
 * The person belongs to several companies: they choose the one the product signs them into. A
 * company without the product's right is shown as such and may still be chosen: its refusal says
 * what to do about it.
 */
export function CompanyStep({
  step,
  busy,
  onChoose,
  onCancel,
}: {
  step: Step;
  busy: boolean;
  onChoose: (enterpriseId: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(() => firstChoice(step.companies));
  const labelId = useId();
  const product = productName(t, step.client);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen !== undefined) onChoose(chosen);
  }

  return (
    <CenteredScreen>
      <ScreenSection
        headingId="authorize-company-heading"
        icon={<BankOutlined />}
        title={t('authorize.company.title')}
        description={t('authorize.company.description', { product })}
        busy={busy}
      >
        <form onSubmit={submit} data-testid="authorize-company-step">
          <p id={labelId} className={styles.groupLabel}>
            {t('authorize.company.label')}
          </p>
          <div role="radiogroup" aria-labelledby={labelId} className={styles.companies}>
            {step.companies.map((company) => {
              const noAccessId = `${labelId}-no-access-${company.enterpriseId}`;
              return (
                <label
                  key={company.enterpriseId}
                  className={`${styles.company} ${company.entitled ? '' : styles.withoutAccess}`}
                >
                  <input
                    type="radio"
                    name="authorize-company"
                    value={company.enterpriseId}
                    checked={chosen === company.enterpriseId}
                    onChange={() => setChosen(company.enterpriseId)}
                    aria-describedby={company.entitled ? undefined : noAccessId}
                    className={styles.radio}
                  />
                  <span className={styles.companyText}>
                    <span className={styles.companyName}>{company.name}</span>
                    {company.entitled ? null : (
                      <span id={noAccessId} className={styles.noAccess}>
                        <LockOutlined aria-hidden="true" /> {t('authorize.company.noAccess', { product })}
                      </span>
                    )}
                  </span>
                  <CheckCircleFilled className={styles.check} aria-hidden="true" />
                </label>
              );
            })}
          </div>
          <div className={styles.actions}>
            <Button type="primary" size="large" htmlType="submit" block loading={busy} disabled={chosen === undefined}>
              {t('authorize.company.continue')}
            </Button>
            <Button type="link" onClick={onCancel} disabled={busy}>
              {t('authorize.company.cancel')}
            </Button>
          </div>
        </form>
      </ScreenSection>
    </CenteredScreen>
  );
}
