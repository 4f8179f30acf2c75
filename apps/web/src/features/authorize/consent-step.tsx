import { CheckOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuthorizeStep } from '@portal/shared/api/authorize';
import { CenteredScreen } from '../../components/centered-screen';
import { ProductIcon } from '../../components/product-icon';
import { ScreenSection } from '../../components/screen-section';
import styles from './authorize.module.css';
import { productName } from './product-name';

type Step = Extract<AuthorizeStep, { step: 'consent' }>;
type Scope = Step['scopes'][number];

const SCOPE_TEXTS = {
  openid: 'authorize.consent.scopes.openid',
  profile: 'authorize.consent.scopes.profile',
  email: 'authorize.consent.scopes.email',
  phone: 'authorize.consent.scopes.phone',
  company: 'authorize.consent.scopes.company',
  offline_access: 'authorize.consent.scopes.offlineAccess',
  product: 'authorize.consent.scopes.product',
} as const satisfies Record<Scope, string>;

/**
 * A third-party product asks for the person's claims: what it gets, one line per scope, before they
 * allow it. Headed with the client's own name (a partner's application, not the platform's product),
 * the product it is for named as context.
 */
export function ConsentStep({
  step,
  busy,
  onAllow,
  onDeny,
}: {
  step: Step;
  busy: 'allow' | 'deny' | null;
  onAllow: () => void;
  onDeny: () => void;
}) {
  const { t } = useTranslation();
  const product = productName(t, step.client);

  return (
    <CenteredScreen>
      <ScreenSection
        headingId="authorize-consent-heading"
        icon={<ProductIcon code={step.client.productCode} />}
        title={t('authorize.consent.title', { client: step.client.name })}
        description={t('authorize.consent.description', { product })}
        busy={busy !== null}
      >
        <div data-testid="authorize-consent-step">
          <ul className={styles.scopes}>
            {step.scopes.flatMap((scope) =>
              // the `product` scope opens the APIs the product asked for: each is named, with its address
              scope === 'product' && step.resources.length ? (
                step.resources.map((resource) => (
                  <li key={`${scope} ${resource.uri}`}>
                    <CheckOutlined className={styles.scopeIcon} aria-hidden="true" />
                    <span>
                      {t(SCOPE_TEXTS.product, {
                        product: productName(t, { ...step.client, productCode: resource.productCode }),
                      })}{' '}
                      <code>{resource.uri}</code>
                    </span>
                  </li>
                ))
              ) : (
                <li key={scope}>
                  <CheckOutlined className={styles.scopeIcon} aria-hidden="true" />
                  <span>{t(SCOPE_TEXTS[scope], { product })}</span>
                </li>
              ),
            )}
          </ul>
          <dl className={styles.facts}>
            <dt>{t('authorize.consent.company')}</dt>
            <dd>{step.company ? step.company.name : t('authorize.consent.noCompany')}</dd>
          </dl>
          <div className={styles.choice}>
            <Button size="large" onClick={onDeny} loading={busy === 'deny'} disabled={busy === 'allow'}>
              {t('authorize.consent.deny')}
            </Button>
            <Button type="primary" size="large" onClick={onAllow} loading={busy === 'allow'} disabled={busy === 'deny'}>
              {t('authorize.consent.allow')}
            </Button>
          </div>
        </div>
      </ScreenSection>
    </CenteredScreen>
  );
}
