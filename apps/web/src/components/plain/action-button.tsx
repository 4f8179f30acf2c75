import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import styles from './action-button.module.css';
import { Spinner } from './spinner';

export type ActionButtonProps = ComponentPropsWithRef<'button'> & {
  /** `primary`: the accent, for the one main action; `default`: outlined; `text`: no frame (an icon). */
  variant?: 'primary' | 'default' | 'text';
  /** `large`: as high as the large text boxes beside it; otherwise antd's middle size. */
  size?: 'large';
  /** `circle`: a round button around an icon alone. */
  shape?: 'circle';
  /** Takes the whole width of its container. */
  block?: boolean;
  /** Working: shows a turning ring, is announced busy and answers no press. */
  loading?: boolean;
  /** Before the words, or alone (then give the button an `aria-label`). */
  icon?: ReactNode;
};

/**
 * A native button drawn like antd's Button in the portal's theme (its `--portal-*` variables): the
 * sign-in screen uses it instead of antd's, whose design tokens and CSS-in-JS styles cost hundreds of
 * milliseconds of a phone's main thread while the page hydrates.
 */
export function ActionButton({
  variant = 'default',
  size,
  shape,
  block,
  loading = false,
  icon,
  type = 'button',
  className,
  onClick,
  children,
  ...button
}: ActionButtonProps) {
  const classes = [
    styles.button,
    styles[variant],
    size === 'large' && styles.large,
    shape === 'circle' && styles.circle,
    block && styles.block,
    loading && styles.loading,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  // like antd's: a loading button stays focusable and keeps its place, but a press (or a form's
  // implicit submission through it) does nothing
  function onPress(event: MouseEvent<HTMLButtonElement>) {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }
  const shown = loading ? <Spinner /> : icon;
  return (
    <button aria-busy={loading || undefined} {...button} type={type} className={classes} onClick={onPress}>
      {shown ? <span className={styles.icon}>{shown}</span> : null}
      {children}
    </button>
  );
}
