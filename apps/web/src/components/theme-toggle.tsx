import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../stores/preferences-store';
import styles from './theme-toggle.module.css';

/**
 * The light/dark switch. Its hint is drawn by CSS, not antd's Tooltip: the toggle is on the sign-in
 * screen, where antd's popup machinery would cost about 8 kB of the first JavaScript.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const mode = usePreferences((s) => s.mode);
  const toggleMode = usePreferences((s) => s.toggleMode);
  const label = mode === 'dark' ? t('web.theme.switchToLight') : t('web.theme.switchToDark');
  return (
    <span className={styles.hinted} data-hint={label}>
      <Button
        type="text"
        shape="circle"
        aria-label={label}
        icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggleMode}
      />
    </span>
  );
}
