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
import { paths } from '../config/paths';
import { currentLanguage } from '../lib/i18n';
import { LANGUAGE_NAMES, changeLanguage } from '../lib/language';
import { signOut } from '../session/portal-session';
import { useSessionUser } from '../session/session-queries';
import { usePreferences } from '../stores/preferences-store';
import styles from './user-menu.module.css';

const LANGUAGE_KEY_PREFIX = 'lang:';

/** The person's menu in every signed-in bar: personal centre, language, theme and sign-out. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useSessionUser();
  const mode = usePreferences((s) => s.mode);
  const toggleMode = usePreferences((s) => s.toggleMode);
  const displayName = userInfo?.nickname || userInfo?.account || '';

  async function leave() {
    await signOut();
    await navigate(paths.login, { replace: true });
  }

  const items: MenuProps['items'] = [
    { key: 'personal', icon: <UserOutlined aria-hidden="true" />, label: t('web.layout.personal') },
    // a group, not a submenu: a submenu's popup outlived the menu when its language was chosen again
    {
      type: 'group',
      key: 'language',
      label: (
        <span className={styles.group}>
          <GlobalOutlined aria-hidden="true" />
          {t('web.layout.language')}
        </span>
      ),
      children: LANGUAGES.map((lang) => ({
        key: `${LANGUAGE_KEY_PREFIX}${lang}`,
        label: <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>,
      })),
    },
    {
      key: 'theme',
      icon: mode === 'dark' ? <SunOutlined aria-hidden="true" /> : <MoonOutlined aria-hidden="true" />,
      label: mode === 'dark' ? t('web.layout.lightTheme') : t('web.layout.darkTheme'),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden="true" />, label: t('web.layout.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'personal') void navigate(paths.personal);
    else if (key === 'theme') toggleMode();
    else if (key === 'logout') void leave();
    else if (key.startsWith(LANGUAGE_KEY_PREFIX)) {
      const lang = key.slice(LANGUAGE_KEY_PREFIX.length);
      if (isLanguage(lang)) void changeLanguage(lang);
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick,
        selectable: true,
        selectedKeys: [`${LANGUAGE_KEY_PREFIX}${currentLanguage()}`],
      }}
    >
      <Button
        type="text"
        className={styles.trigger}
        // the name it shows comes first in what it is called (WCAG 2.5.3, label in name)
        aria-label={displayName ? `${displayName}, ${t('web.layout.userMenu')}` : t('web.layout.userMenu')}
      >
        <Avatar size="small" className={styles.avatar} icon={<UserOutlined />} />
        <span className={styles.name}>{displayName}</span>
        <DownOutlined className={styles.caret} aria-hidden="true" />
      </Button>
    </Dropdown>
  );
}
