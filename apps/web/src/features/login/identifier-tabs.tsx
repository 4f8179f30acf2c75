import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import styles from './identifier-tabs.module.css';

interface Tab<K extends string> {
  key: K;
  label: string;
  children: ReactNode;
}

/**
 * Tabs after the WAI-ARIA pattern (arrow keys, Home and End move and select; the selected tab is
 * the one tab stop), in antd's look. antd's Tabs, with the menu and dropdown it brings for tabs
 * that do not fit, would be a sixth of the sign-in screen's JavaScript for three short labels.
 * Every panel is drawn, the inactive ones hidden: what was typed in one is still there on return, and
 * the prerendered page switches panels from its first paint, before React runs
 * (@portal/shared/early-input-script).
 */
export function IdentifierTabs<K extends string>({ label, items }: { label: string; items: Tab<K>[] }) {
  const id = useId();
  const [active, select] = useState(items[0]!.key);
  const tabs = useRef(new Map<K, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent) {
    const index = items.findIndex((item) => item.key === active);
    const last = items.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = items[(next + items.length) % items.length]!.key;
    select(key);
    tabs.current.get(key)?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.key}
            ref={(node) => {
              if (node) tabs.current.set(item.key, node);
              else tabs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-controls={`${id}-panel-${item.key}`}
            aria-selected={item.key === active}
            tabIndex={item.key === active ? 0 : -1}
            className={styles.tab}
            onClick={() => select(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${id}-panel-${item.key}`}
          aria-labelledby={`${id}-tab-${item.key}`}
          // the panel's first field is the next tab stop anyway: the panel itself is none
          tabIndex={-1}
          hidden={item.key !== active}
        >
          {item.children}
        </div>
      ))}
    </div>
  );
}
