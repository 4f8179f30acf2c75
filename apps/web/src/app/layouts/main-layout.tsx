import { AppstoreOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, Menu } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandedMark } from '../../components/branded-mark';
import { SupportBanner } from '../../components/support-banner';
import topBar from '../../components/top-bar.module.css';
import { UserMenu } from '../../components/user-menu';
import { paths } from '../../config/paths';
import { CompanySwitcher } from '../../features/home/company-switcher';
import { usePortalData } from '../../session/use-portal-data';
import { usePreferences } from '../../stores/preferences-store';
import styles from './main-layout.module.css';

/**
 * The signed-in frame: a header with company and user, and the navigation in a collapsible sidebar
 * on wide screens or in a drawer on phones (CSS decides which of the two header buttons shows).
 */
export function MainLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const collapsed = usePreferences((s) => s.sidebarCollapsed);
  const setCollapsed = usePreferences((s) => s.setSidebarCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  usePortalData();

  const navItems = [
    {
      key: paths.home,
      icon: <AppstoreOutlined aria-hidden="true" />,
      label: <Link to={paths.home}>{t('web.layout.products')}</Link>,
    },
    {
      key: paths.personal,
      icon: <UserOutlined aria-hidden="true" />,
      label: <Link to={paths.personal}>{t('web.layout.personal')}</Link>,
    },
  ];

  const navigation = (
    <nav aria-label={t('web.layout.navigation')}>
      <Menu
        mode="inline"
        selectedKeys={[pathname]}
        items={navItems}
        className={styles.menu}
        // antd's own rule for the inline menu's edge outranks a class; the sider draws the edge.
        style={{ borderInlineEnd: 'none' }}
        onClick={() => setDrawerOpen(false)}
      />
    </nav>
  );

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
        {navigation}
      </Layout.Sider>
      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        placement="left"
        size={280}
        title={<BrandedMark wrap />}
        classNames={{ body: styles.drawerBody }}
      >
        {navigation}
      </Drawer>
      <Layout>
        <Layout.Header className={`${topBar.bar} ${styles.header}`}>
          <Button
            type="text"
            className={styles.drawerButton}
            icon={<MenuOutlined />}
            aria-label={t('web.layout.openNavigation')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          />
          <Button
            type="text"
            className={styles.collapseButton}
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
        <SupportBanner />
        <Layout.Content className={styles.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
