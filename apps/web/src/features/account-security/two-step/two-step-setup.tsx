import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@portal/shared/api/auth';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { useFeedback } from '../../../components/feedback';
import { useFreshProof } from '../../../components/fresh-proof';
import { copyToClipboard } from '../../../lib/clipboard';
import { downloadText } from '../../../lib/download';
import { useFieldErrors } from '../../../lib/field-errors';
import { twoStepStateQuery } from '../../../lib/two-step-api';
import { useSessionUser } from '../../../session/session-queries';
import { confirmTwoStep, sendTwoStepSetupCode, twoStepSetupQuery } from '../account-security-api';
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

interface ConfirmValues {
  code: string;
  setupCode?: string;
}

/**
 * Under a company's requirement the session may have been opened with a password alone, so the set-up
 * also asks for a code sent to the account's verified email or phone (the server picks which, and
 * says where, masked).
 */
function SetupCodeField() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    try {
      setSentTo((await sendTwoStepSetupCode()).to);
    } catch {
      // the api client tells why (a wait, or no verified email or phone)
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <p className={styles.intro}>{t('twoStep.setupCodeHint')}</p>
      <Form.Item
        label={t('twoStep.setupCodeLabel')}
        extra={sentTo ? t('twoStep.setupCodeSent', { to: sentTo }) : undefined}
        required
      >
        <Space.Compact block>
          <Form.Item
            name="setupCode"
            noStyle
            rules={[{ required: true, whitespace: true, message: t('twoStep.setupCodeRequired') }]}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              aria-label={t('twoStep.setupCodeLabel')}
            />
          </Form.Item>
          <Button loading={sending} onClick={() => void send()}>
            {t('twoStep.sendSetupCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
    </>
  );
}

/**
 * Turning on two-step sign-in: the QR code (an image the server drew) and the key for typing in by
 * hand, a code of the app to confirm (and, under a company's requirement, a code sent to the verified
 * email or phone), then the ten recovery codes, shown this once, to copy or download. Used by the
 * personal centre's dialog and by the set-up a company requires. Confirming asks for a fresh proof
 * when the session's has gone stale since the set-up began.
 */
export function TwoStepSetup({ onEnabled, onDone }: TwoStepSetupProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const withFreshProof = useFreshProof();
  const { data: setup, isError, refetch } = useQuery(twoStepSetupQuery(withFreshProof));
  const setupCodeNeeded = useQuery(twoStepStateQuery()).data?.setupCodeNeeded ?? false;
  const [form] = Form.useForm<ConfirmValues>();
  const underFields = useFieldErrors(form);
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const user = useSessionUser();

  async function copy(text: string) {
    if (await copyToClipboard(text)) message.success(t('twoStep.copied'));
  }

  async function confirm({ code, setupCode }: ConfirmValues) {
    setBusy(true);
    try {
      const body = { code: code.trim(), ...(setupCodeNeeded && setupCode ? { setupCode: setupCode.trim() } : {}) };
      const answer = await withFreshProof((proven) => confirmTwoStep(body, proven), {
        onError: underFields({ [ErrorCode.TwoStepCodeInvalid]: 'code', [ErrorCode.CodeInvalid]: 'setupCode' }),
      });
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
        {setupCodeNeeded ? <SetupCodeField /> : null}
        <div className={styles.actions}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('twoStep.confirm')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
