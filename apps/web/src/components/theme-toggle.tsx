import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../stores/preferences-store';
import { ActionButton } from './plain/action-button';
import styles from './theme-toggle.module.css';

/**
 * The light/dark switch. Its hint is drawn by CSS, not antd's Tooltip, and it is the app's own button:
 * the toggle is on the sign-in screen, where antd's popup machinery would cost about 8 kB of the first
 * JavaScript and antd's Button its theme's work while the page hydrates.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const mode = usePreferences((s) => s.mode);
  const toggleMode = usePreferences((s) => s.toggleMode);
  const label = mode === 'dark' ? t('web.theme.switchToLight') : t('web.theme.switchToDark');
  return (
    <span className={styles.hinted} data-hint={label}>
      <ActionButton
        variant="text"
        shape="circle"
        aria-label={label}
        icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggleMode}
      />
    </span>
  );
}
