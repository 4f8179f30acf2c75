import { type ReactNode, createContext, useCallback, useContext, useEffect, useId, useRef } from 'react';
import styles from './flow-frame.module.css';

/** Whether a heading is the first a flow shows: that one leaves the focus where the page load put it. */
const IsFirstHeading = createContext<(id: string) => boolean>(() => false);

export function StepFocusScope({ children }: { children: ReactNode }) {
  const first = useRef<string | null>(null);
  const isFirst = useCallback((id: string) => {
    first.current ??= id;
    return first.current === id;
  }, []);
  return <IsFirstHeading.Provider value={isFirst}>{children}</IsFirstHeading.Provider>;
}

/**
 * The heading of one step. A step that replaces another takes the focus, so that keyboard and
 * screen reader users continue at the new step instead of at a button that no longer exists.
 */
export function StepHeading({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const isFirst = useContext(IsFirstHeading);
  // by id, so that a development double run of the effect still counts as the first heading
  const id = useId();

  useEffect(() => {
    if (!isFirst(id)) heading.current?.focus();
  }, [isFirst, id]);

  return (
    <header className={styles.stepHeader}>
      <h2 ref={heading} tabIndex={-1} className={styles.stepHeading}>
        {children}
      </h2>
      {lead ? <p className={styles.stepLead}>{lead}</p> : null}
    </header>
  );
}
