import { LanguageSwitcher } from './language-switcher';
import styles from './screen-toolbar.module.css';
import { ThemeToggle } from './theme-toggle';

/** Language and theme, offered on every screen shown before sign-in. */
export function ScreenToolbar() {
  return (
    <div className={styles.toolbar}>
      <LanguageSwitcher />
      <ThemeToggle />
    </div>
  );
}
