import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';
import styles from './screen-toolbar.module.css';

/** Language and theme, offered on every screen shown before sign-in. */
export function ScreenToolbar() {
  return (
    <div className={styles.toolbar}>
      <LanguageSwitcher />
      <ThemeToggle />
    </div>
  );
}
