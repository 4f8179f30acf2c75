import { CloseCircleFilled, ExclamationCircleFilled, FileSearchOutlined, LockOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { CenteredScreen } from './centered-screen';
import styles from './message-screen.module.css';

/** What the screen tells; each has its icon and colour. */
export type MessageStatus = 'error' | 'warning' | '403' | '404';

const STATUS_ICONS: Record<MessageStatus, ReactNode> = {
  error: <CloseCircleFilled />,
  warning: <ExclamationCircleFilled />,
  '403': <LockOutlined />,
  '404': <FileSearchOutlined />,
};

/**
 * A stand-alone screen that says one thing and offers where to go next. Plain markup rather than
 * antd's Result: the route error screen is built on it and must be part of the entry (it is what
 * shows when a screen's code fails to load), and Result with its illustrations would add a fifth
 * to the JavaScript of the sign-in screen.
 */
export function MessageScreen({
  status,
  icon,
  title,
  description,
  actions,
}: {
  status?: MessageStatus;
  /** In place of the status's icon. */
  icon?: ReactNode;
  title: string;
  description: ReactNode;
  actions: ReactNode;
}) {
  return (
    <CenteredScreen>
      <div className={styles.message}>
        <div className={`${styles.icon} ${status ? styles[`status${status}`] : ''}`} aria-hidden="true">
          {icon ?? (status ? STATUS_ICONS[status] : null)}
        </div>
        <h1 className={styles.title}>{title}</h1>
        <div className={styles.description}>{description}</div>
        <div className={styles.actions}>{actions}</div>
      </div>
    </CenteredScreen>
  );
}
