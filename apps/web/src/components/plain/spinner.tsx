import styles from './spinner.module.css';

/**
 * A turning ring in the accent colour, for the screens of the entry (loading, entering the portal):
 * antd's Spin would add its own code and styles to the sign-in screen for this one ring. The text
 * beside it says what is happening; the ring itself is decoration.
 */
export function Spinner({ large }: { large?: boolean }) {
  return <span className={large ? `${styles.spinner} ${styles.large}` : styles.spinner} aria-hidden="true" />;
}
