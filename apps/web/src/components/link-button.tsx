import type { MouseEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './link-button.module.css';

/** A router link that looks like a button: it goes somewhere, so it stays a link for assistive tech. */
export function LinkButton({
  to,
  children,
  variant = 'primary',
  icon,
  onClick,
}: {
  to: string;
  children: ReactNode;
  variant?: 'primary' | 'default';
  icon?: ReactNode;
  /** Work before the way is followed: it may prevent the default and navigate itself. */
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}) {
  return (
    <Link to={to} className={`${styles.link} ${styles[variant]}`} onClick={onClick}>
      {icon}
      {children}
    </Link>
  );
}
