import {
  DownOutlined,
  GlobalOutlined,
  LogoutOutlined,
  MoonOutlined,
  SunOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANGUAGES, isLanguage } from '@portal/shared/constants';
import { ApiError } from '../../lib/api-error';
import { currentLanguage } from '../../lib/i18n';
import { LANGUAGE_NAMES, changeLanguage } from '../../lib/language';
import { usePreferences } from '../../stores/preferences-store';
import { useSession } from '../../stores/session-store';
import { endLocalSession } from '../session/portal-session';
import { logout } from '../session/session-api';
import styles from './user-menu.module.css';

const LANGUAGE_KEY_PREFIX = 'lang:';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);
  const mode = usePreferences((s) => s.mode);
  const toggleMode = usePreferences((s) => s.toggleMode);
  const displayName = userInfo?.nickname || userInfo?.account || '';

  async function signOut() {
    try {
      await logout();
    } catch (error) {
      // The session ends on this device whether or not the server could be told.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      endLocalSession();
      void navigate('/login', { replace: true });
    }
  }

  const items: MenuProps['items'] = [
    { key: 'personal', icon: <UserOutlined />, label: t('web.layout.personal') },
    {
      key: 'language',
      icon: <GlobalOutlined />,
      label: t('web.layout.language'),
      children: LANGUAGES.map((lang) => ({
        key: `${LANGUAGE_KEY_PREFIX}${lang}`,
        label: <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>,
      })),
    },
    {
      key: 'theme',
      icon: mode === 'dark' ? <SunOutlined /> : <MoonOutlined />,
      label: mode === 'dark' ? t('web.layout.lightTheme') : t('web.layout.darkTheme'),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('web.layout.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'personal') void navigate('/personal');
    else if (key === 'theme') toggleMode();
    else if (key === 'logout') void signOut();
    else if (key.startsWith(LANGUAGE_KEY_PREFIX)) {
      const lang = key.slice(LANGUAGE_KEY_PREFIX.length);
      if (isLanguage(lang)) void changeLanguage(lang);
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, onClick, selectable: true, selectedKeys: [`${LANGUAGE_KEY_PREFIX}${currentLanguage()}`] }}
    >
      <Button type="text" className={styles.trigger} aria-label={t('web.layout.userMenu')}>
        <Avatar size="small" className={styles.avatar} icon={<UserOutlined />} />
        <span className={styles.name}>{displayName}</span>
        <DownOutlined className={styles.caret} aria-hidden="true" />
      </Button>
    </Dropdown>
  );
}
