import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { type ComponentPropsWithRef, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './text-box.module.css';

type TextBoxProps = Omit<ComponentPropsWithRef<'input'>, 'prefix' | 'size' | 'className'> & {
  /** An icon before the text. */
  prefix?: ReactNode;
  /** Draws the box as refused. */
  status?: 'error';
  /** A password: typed hidden, with a button that shows it. */
  secret?: boolean;
};

/**
 * A text box drawn like antd's large Input, as a plain input: the sign-in screen's fields use it,
 * since antd's Input brings its form machinery, text area and validator (about 25 kB) with it.
 */
export function TextBox({ prefix, status, secret, ...input }: TextBoxProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <span className={styles.box} data-status={status} data-control="">
      {prefix && <span className={styles.prefix}>{prefix}</span>}
      <input {...input} type={secret && !shown ? 'password' : (input.type ?? 'text')} className={styles.input} />
      {secret && (
        <button
          type="button"
          className={styles.reveal}
          aria-pressed={shown}
          aria-label={t('web.login.showPassword')}
          onClick={() => setShown((now) => !now)}
        >
          {shown ? <EyeOutlined aria-hidden="true" /> : <EyeInvisibleOutlined aria-hidden="true" />}
        </button>
      )}
    </span>
  );
}
