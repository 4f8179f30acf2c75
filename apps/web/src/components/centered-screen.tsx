import type { ReactNode } from 'react';
import { BrandedMark } from './branded-mark';
import styles from './centered-screen.module.css';
import { ScreenToolbar } from './screen-toolbar';

/** The frame of the small stand-alone screens: brand and toolbar on top, one message in the middle. */
export function CenteredScreen({ children }: { children: ReactNode }) {
  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <BrandedMark />
        <ScreenToolbar />
      </header>
      <main className={styles.main}>
        <div className={styles.panel}>{children}</div>
      </main>
    </div>
  );
}
