import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './link-button.module.css';

/** A router link that looks like a button: it goes somewhere, so it stays a link for assistive tech. */
export function LinkButton({
  to,
  children,
  variant = 'primary',
  icon,
}: {
  to: string;
  children: ReactNode;
  variant?: 'primary' | 'default';
  icon?: ReactNode;
}) {
  return (
    <Link to={to} className={`${styles.link} ${styles[variant]}`}>
      {icon}
      {children}
    </Link>
  );
}
