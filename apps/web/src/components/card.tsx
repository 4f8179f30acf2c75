import type { HTMLAttributes } from 'react';
import styles from './card.module.css';

interface CardProps extends HTMLAttributes<HTMLElement> {
  /** `section` for a card with a heading of its own (name it with `aria-labelledby`), `div` otherwise. */
  as?: 'section' | 'div';
  /** A step of the theme's padding scale: `lg` for a page's cards, `md` for the denser ones inside a tab. */
  padding?: 'md' | 'lg';
}

/** The one bordered panel of the signed-in pages; `className` adds the card's own layout. */
export function Card({ as: Element = 'section', padding = 'lg', className, ...rest }: CardProps) {
  return <Element className={`${styles.card} ${styles[padding]} ${className ?? ''}`.trimEnd()} {...rest} />;
}
