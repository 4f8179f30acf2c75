import type { ReactNode } from 'react';
import styles from './flow-frame.module.css';

/** The buttons under a step: "back" on the left, the step's main action filling the rest. */
export function FlowActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
