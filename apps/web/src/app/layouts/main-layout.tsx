import { AppstoreOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandedMark } from '../../components/branded-mark';
import { CompanySwitcher } from '../../features/home/company-switcher';
import { UserMenu } from '../../features/home/user-menu';
import { usePortalData } from '../../features/session/use-portal-data';
import { usePreferences } from '../../stores/preferences-store';
import styles from './main-layout.module.css';

/** The signed-in frame: a collapsible sidebar and a header with company and user. */
export function MainLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const collapsed = usePreferences((s) => s.sidebarCollapsed);
  const setCollapsed = usePreferences((s) => s.setSidebarCollapsed);
  usePortalData();

  const navItems = [
    {
      key: '/home',
      icon: <AppstoreOutlined aria-hidden="true" />,
      label: <Link to="/home">{t('web.layout.products')}</Link>,
    },
    {
      key: '/personal',
      icon: <UserOutlined aria-hidden="true" />,
      label: <Link to="/personal">{t('web.layout.personal')}</Link>,
    },
  ];

  return (
    <Layout className={styles.shell}>
      {/* "light" means the container colour of the current algorithm, so it is dark in dark mode. */}
      <Layout.Sider
        theme="light"
        width={232}
        collapsedWidth={72}
        collapsed={collapsed}
        trigger={null}
        className={styles.sider}
      >
        <div className={styles.brand}>
          <BrandedMark compact={collapsed} wrap />
        </div>
        <nav aria-label={t('web.layout.navigation')}>
          <Menu
            mode="inline"
            selectedKeys={[pathname]}
            items={navItems}
            className={styles.menu}
            // antd's own rule for the inline menu's edge outranks a class; the sider draws the edge.
            style={{ borderInlineEnd: 'none' }}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? t('web.layout.expandSidebar') : t('web.layout.collapseSidebar')}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed(!collapsed)}
          />
          <CompanySwitcher />
          <div className={styles.spacer} />
          <UserMenu />
        </Layout.Header>
        {/* antd's Content is the page's <main> landmark */}
        <Layout.Content className={styles.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
