import type { ReactNode } from 'react';
import styles from './code-row.module.css';

/** A code box and its get-code button side by side: the box takes the room the button leaves. */
export function CodeRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}
