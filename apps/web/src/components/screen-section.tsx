import type { ReactNode } from 'react';
import styles from './screen-section.module.css';

interface ScreenSectionProps {
  /** The heading's id, which names the section. */
  headingId: string;
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  busy?: boolean;
  children: ReactNode;
}

/** The body of a small stand-alone screen (inside CenteredScreen): an icon, the heading, what to do, then the task. */
export function ScreenSection({ headingId, icon, title, description, busy, children }: ScreenSectionProps) {
  return (
    <section className={styles.content} aria-labelledby={headingId} aria-busy={busy}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <h1 id={headingId} className={styles.title}>
        {title}
      </h1>
      <p className={styles.description}>{description}</p>
      {children}
    </section>
  );
}
