import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Marks a phone or email no code has proven: it signs in to nothing, and another account may hold the
 * same one, so it must not look like a proven one beside it. A plain tag: antd's coloured presets fall
 * short of 4.5:1 text contrast in the light theme.
 */
export function UnprovenTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('common.unprovenHint')}>
      <Tag icon={<ExclamationCircleOutlined aria-hidden="true" />}>{t('common.unproven')}</Tag>
    </Tooltip>
  );
}
