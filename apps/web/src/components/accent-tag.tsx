import { Tag } from 'antd';
import type { ReactNode } from 'react';
import styles from './accent-tag.module.css';

/**
 * A tag that stands out in the platform's teal, or a plain one. antd's coloured presets fall short
 * of 4.5:1 text contrast in the light theme; the theme's text-safe teal does not.
 */
export function AccentTag({
  accent = true,
  icon,
  children,
}: {
  accent?: boolean;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Tag className={accent ? styles.accent : undefined} icon={icon}>
      {children}
    </Tag>
  );
}
