import type { ReactNode } from 'react';
import styles from '../../components/flow/flow-frame.module.css';

/** Label/value pairs shown as a definition list, so each value is read with its label. */
export function DetailList({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <dl className={styles.details}>
      {rows.map((row) => (
        <div key={row.label} className={styles.detailRow}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
