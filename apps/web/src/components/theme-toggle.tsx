import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../stores/preferences-store';

export function ThemeToggle() {
  const { t } = useTranslation();
  const mode = usePreferences((s) => s.mode);
  const toggleMode = usePreferences((s) => s.toggleMode);
  const label = mode === 'dark' ? t('web.theme.switchToLight') : t('web.theme.switchToDark');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        shape="circle"
        aria-label={label}
        icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggleMode}
      />
    </Tooltip>
  );
}
