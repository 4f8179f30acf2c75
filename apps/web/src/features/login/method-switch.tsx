import { useTranslation } from 'react-i18next';
import styles from './method-switch.module.css';

export type Method = 'password' | 'code';

const METHODS = [
  { value: 'password', label: 'web.login.byPassword' },
  { value: 'code', label: 'web.login.byCode' },
] as const;

/**
 * Password or code, drawn like antd's Segmented but made of native radios (Segmented brings antd's
 * tooltip machinery to the first screen): one tab stop for the group, arrow keys between the two.
 */
export function MethodSwitch({
  name,
  value,
  onChange,
}: {
  name: string;
  value: Method;
  onChange: (method: Method) => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="radiogroup" aria-label={t('web.login.methodLabel')} tabIndex={-1} className={styles.track}>
      {METHODS.map((method) => (
        <label key={method.value} className={styles.option} data-control="">
          <input
            type="radio"
            name={name}
            value={method.value}
            checked={value === method.value}
            onChange={() => onChange(method.value)}
            className={styles.radio}
          />
          <span>{t(method.label)}</span>
        </label>
      ))}
    </div>
  );
}
