import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@portal/shared/api/auth';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { useFeedback } from '../../../components/feedback';
import { useFreshProof } from '../../../components/fresh-proof';
import { copyToClipboard } from '../../../lib/clipboard';
import { downloadText } from '../../../lib/download';
import { useFieldErrors } from '../../../lib/field-errors';
import { useSessionUser } from '../../../session/session-queries';
import { confirmTwoStep, twoStepSetupQuery } from '../account-security-api';
import styles from './two-step-setup.module.css';

const SIX_DIGITS = /^\d{6}$/;

interface TwoStepSetupProps {
  /** Two-step sign-in has just been turned on (the recovery codes are shown now). */
  onEnabled?(): void;
  /** The person confirmed they saved the recovery codes. */
  onDone(): void;
}

/**
 * The downloaded codes say where and for whom they work, since the file outlives the screen: a person
 * with accounts on several sites, or several accounts, must tell the files apart.
 */
function recoveryFile(header: string, site: string, user: CurrentUser | null, codes: string[]) {
  const account = user ? (user.account ?? user.phone ?? user.email) : null;
  const about = [site, account].filter(Boolean).join(' · ');
  const fileName = `${[site, account]
    .filter(Boolean)
    .join('-')
    .replace(/[^\w.@-]+/g, '-')}-recovery-codes.txt`;
  return { fileName, text: `${header}\n${about}\n\n${codes.join('\n')}\n` };
}

/** The secret in groups of four, as authenticator apps show keys typed by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Turning on two-step sign-in: the QR code (an image the server drew) and the key for typing in by
 * hand, a code of the app to confirm, then the ten recovery codes, shown this once, to copy or
 * download. Used by the personal centre's dialog and by the set-up a company requires.
 */
export function TwoStepSetup({ onEnabled, onDone }: TwoStepSetupProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { data: setup, isError, refetch } = useQuery(twoStepSetupQuery(useFreshProof()));
  const [form] = Form.useForm<{ code: string }>();
  const underFields = useFieldErrors(form);
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const user = useSessionUser();

  async function copy(text: string) {
    if (await copyToClipboard(text)) message.success(t('twoStep.copied'));
  }

  async function confirm({ code }: { code: string }) {
    setBusy(true);
    try {
      const answer = await confirmTwoStep(
        { code: code.trim() },
        { onError: underFields({ [ErrorCode.TwoStepCodeInvalid]: 'code' }) },
      );
      setRecoveryCodes(answer.recoveryCodes);
      onEnabled?.();
    } catch {
      // said under the field or by the api client's toast
    } finally {
      setBusy(false);
    }
  }

  if (recoveryCodes) {
    const { fileName, text } = recoveryFile(t('twoStep.fileHeader'), window.location.host, user, recoveryCodes);
    return (
      <section aria-labelledby="two-step-recovery-title">
        <h3 id="two-step-recovery-title">{t('twoStep.recoveryTitle')}</h3>
        <p className={styles.intro}>{t('twoStep.recoveryHint')}</p>
        <ul className={styles.codes} aria-label={t('twoStep.recoveryTitle')}>
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <div className={styles.actions}>
          <Button icon={<CopyOutlined />} onClick={() => void copy(recoveryCodes.join('\n'))}>
            {t('twoStep.copy')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => downloadText(fileName, text)}>
            {t('twoStep.download')}
          </Button>
          <Button type="primary" onClick={onDone}>
            {t('twoStep.savedThem')}
          </Button>
        </div>
      </section>
    );
  }

  // the secret could not be had: the network, or the person did not confirm it is them
  if (isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('twoStep.loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('twoStep.retry')}</Button>}
      />
    );
  }
  if (!setup) return <Skeleton active paragraph={{ rows: 5 }} />;

  return (
    <div>
      <p className={styles.intro}>{t('twoStep.scan')}</p>
      <div className={styles.scan}>
        <img className={styles.qr} src={setup.qrSvgDataUrl} alt={t('twoStep.qrAlt')} width={176} height={176} />
        <div className={styles.manual}>
          <p className={styles.manualText}>{t('twoStep.manual')}</p>
          <code className={styles.secret} data-testid="two-step-secret">
            {grouped(setup.secret)}
          </code>
          <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(setup.secret)}>
            {t('twoStep.copyKey')}
          </Button>
        </div>
      </div>
      <Form form={form} name="two-step-confirm" layout="vertical" onFinish={(values) => void confirm(values)}>
        <Form.Item
          name="code"
          label={t('twoStep.codeLabel')}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                if (typeof value !== 'string' || !SIX_DIGITS.test(value.trim())) {
                  throw new Error(t('twoStep.codeInvalid'));
                }
              },
            },
          ]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
        </Form.Item>
        <div className={styles.actions}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('twoStep.confirm')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
