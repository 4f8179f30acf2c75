import { Result, type ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { CenteredScreen } from './centered-screen';
import styles from './message-screen.module.css';

/** A stand-alone screen that says one thing and offers where to go next. */
export function MessageScreen({
  status,
  icon,
  title,
  description,
  actions,
}: {
  status?: ResultProps['status'];
  icon?: ReactNode;
  title: string;
  description: ReactNode;
  actions: ReactNode;
}) {
  return (
    <CenteredScreen>
      <Result
        status={status}
        icon={icon}
        title={<h1 className={styles.title}>{title}</h1>}
        subTitle={description}
        extra={actions}
      />
    </CenteredScreen>
  );
}
