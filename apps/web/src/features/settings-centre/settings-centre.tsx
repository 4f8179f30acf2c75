import {
  ApartmentOutlined,
  ApiOutlined,
  AuditOutlined,
  BgColorsOutlined,
  EnvironmentOutlined,
  InboxOutlined,
  KeyOutlined,
  LinkOutlined,
  SafetyOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Badge, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PortalEnterprise } from '@portal/shared/api/portal';
import { type ProductCode, isProductCode } from '@portal/shared/products';
import { PageHeading } from '../../components/page-heading';
import { SupportBanner } from '../../components/support-banner';
import { ApiKeysTab } from './api-keys/api-keys-tab';
import { AuditTab } from './audit/audit-tab';
import { BrandingTab } from './branding/branding-tab';
import { DepartmentsTab } from './departments/departments-tab';
import { useDepartments } from './departments/use-departments';
import { InvitationsTab } from './invitations/invitations-tab';
import { MembersTab } from './members/members-tab';
import { SecurityTab } from './security/security-tab';
import { SupportAccessCard } from './security/support-access-card';
import styles from './settings-centre.module.css';
import { SettingsHeader } from './settings-header';
import { SharedWithUsTab } from './shared-with-us/shared-with-us-tab';
import { accessRequestsQuery } from './sites/sites-api';
import { SitesTab } from './sites/sites-tab';
import { WebhooksTab } from './webhooks/webhooks-tab';

const TABS = [
  'members',
  'departments',
  'invitations',
  'branding',
  'audit',
  'security',
  'webhooks',
  'api-keys',
  'sites',
  'shared-with-us',
] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/** The company's products a site may be on: every one but the settings centre itself. */
function siteProducts(enterprise: PortalEnterprise): ProductCode[] {
  return enterprise.productList
    .map((product) => product.productCode)
    .filter((code): code is ProductCode => isProductCode(code) && code !== 'settcntr');
}

function TabLabel({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className={styles.tabLabel}>
      <span aria-hidden="true">{icon}</span>
      {children}
    </span>
  );
}

/** The areas of the settings centre; the open tab is in the address, so a reload keeps it. */
export function SettingsCentre({ enterprise }: { enterprise: PortalEnterprise }) {
  // the open requests for the company's sites show on the tab's label, whichever tab is open
  const openRequests = useInfiniteQuery(accessRequestsQuery()).data?.pages[0]?.openCount ?? 0;
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'members';
  // Departments show on three tabs, which get them from here.
  const departments = useDepartments();

  const items = [
    {
      key: 'members',
      label: <TabLabel icon={<TeamOutlined />}>{t('settings.tabs.members')}</TabLabel>,
      children: <MembersTab departments={departments} />,
    },
    {
      key: 'departments',
      label: <TabLabel icon={<ApartmentOutlined />}>{t('settings.tabs.departments')}</TabLabel>,
      children: <DepartmentsTab departments={departments} />,
    },
    {
      key: 'invitations',
      label: <TabLabel icon={<LinkOutlined />}>{t('settings.tabs.invitations')}</TabLabel>,
      children: <InvitationsTab departments={departments} />,
    },
    {
      key: 'branding',
      label: <TabLabel icon={<BgColorsOutlined />}>{t('settings.tabs.branding')}</TabLabel>,
      children: <BrandingTab />,
    },
    {
      key: 'audit',
      label: <TabLabel icon={<AuditOutlined />}>{t('audit.tab')}</TabLabel>,
      // mounted only while open, so that each visit reads the log afresh
      children: tab === 'audit' ? <AuditTab departments={departments} /> : null,
    },
    {
      key: 'security',
      label: <TabLabel icon={<SafetyOutlined />}>{t('twoStep.securityTab')}</TabLabel>,
      children:
        tab === 'security' ? (
          <div className={styles.stack}>
            <SecurityTab />
            <SupportAccessCard />
          </div>
        ) : null,
    },
    {
      key: 'webhooks',
      label: <TabLabel icon={<ApiOutlined />}>{t('integrations.webhooks.tab')}</TabLabel>,
      children: tab === 'webhooks' ? <WebhooksTab /> : null,
    },
    {
      key: 'api-keys',
      label: <TabLabel icon={<KeyOutlined />}>{t('integrations.apiKeys.tab')}</TabLabel>,
      children: tab === 'api-keys' ? <ApiKeysTab /> : null,
    },
    {
      key: 'sites',
      label: (
        <TabLabel icon={<EnvironmentOutlined />}>
          {t('sites.tab')}
          {openRequests ? (
            <Badge
              className={styles.tabBadge}
              count={openRequests}
              aria-label={t('sites.requests.badgeLabel', { count: openRequests })}
            />
          ) : null}
        </TabLabel>
      ),
      children: tab === 'sites' ? <SitesTab products={siteProducts(enterprise)} departments={departments} /> : null,
    },
    {
      key: 'shared-with-us',
      label: <TabLabel icon={<InboxOutlined />}>{t('sites.sharedTab')}</TabLabel>,
      children: tab === 'shared-with-us' ? <SharedWithUsTab departments={departments} /> : null,
    },
  ];

  return (
    <div className={styles.screen}>
      <SettingsHeader enterprise={enterprise} />
      <SupportBanner />
      <main className={styles.main}>
        <PageHeading
          className={styles.intro}
          title={t('products.settcntr.name')}
          subtitle={t('settings.subtitle', { company: enterprise.enterpriseName })}
        />
        <div className={styles.panel}>
          <Tabs
            activeKey={tab}
            onChange={(key) => setParams({ tab: key }, { replace: true })}
            items={items}
            size="large"
          />
        </div>
      </main>
    </div>
  );
}
