import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/card';
import { portalCalls } from '../../lib/api-calls';
import { formatDate } from '../../lib/format-date';
import { useCallMutation } from '../../lib/use-call-mutation';
import { sessionKeys } from '../../session/session-queries';
import { supportKeys, useSupportCompanies, useSupportSession } from '../../session/support-session';
import styles from './support-launcher.module.css';
import { SupportRequestForm, useMySupportRequests } from './support-request-form';

/** For the platform's support staff on the launcher: the companies that let the support in now, and
 *  the request to a company that has not yet. */
export function SupportLauncher() {
  const { t } = useTranslation();
  const { data } = useSupportCompanies();
  const acting = useSupportSession().data?.support;
  const enter = useCallMutation(portalCalls.enterAsSupport, { invalidates: [sessionKeys.all, supportKeys.all] });
  const staff = useMySupportRequests().data?.staff ?? false;
  const companies = data?.companies ?? [];
  // inside a company already: the banner says which, and until when
  if ((!companies.length && !staff) || acting) return null;
  return (
    <Card padding="md" aria-labelledby="support-launcher-title">
      <h2 id="support-launcher-title">{t('web.support.launcherTitle')}</h2>
      {companies.length ? <p className={styles.hint}>{t('web.support.launcherHint')}</p> : null}
      {companies.length ? (
        <ul className={styles.list}>
          {companies.map((company) => (
            <li key={company.enterpriseId} className={styles.item}>
              <span>
                <span className={styles.name}>{company.name}</span>
                <br />
                {t('web.support.until', { until: formatDate(company.until) })}
              </span>
              <Button
                type="primary"
                loading={enter.isPending && enter.variables?.body.enterpriseId === company.enterpriseId}
                onClick={() => enter.mutate({ body: { enterpriseId: company.enterpriseId } })}
              >
                {t('web.support.enter')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {staff ? <SupportRequestForm /> : null}
    </Card>
  );
}
