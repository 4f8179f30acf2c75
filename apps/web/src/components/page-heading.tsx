import type { ReactNode } from 'react';
import styles from './page-heading.module.css';

/** A signed-in page's title and the line under it. The space below is the page's own (`className`). */
export function PageHeading({
  title,
  subtitle,
  className,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  className?: string;
}) {
  return (
    <header className={className}>
      <h1 className={styles.title}>{title}</h1>
      {subtitle == null ? null : <p className={styles.subtitle}>{subtitle}</p>}
    </header>
  );
}
