import { SafetyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { CenteredScreen } from '../../components/centered-screen';
import { useFeedback } from '../../components/feedback';
import { ScreenSection } from '../../components/screen-section';
import { paths } from '../../config/paths';
import { writeToken } from '../../lib/cookies';
import { useFieldErrors } from '../../lib/field-errors';
import { useEnterPortal } from '../../session/use-enter-portal';
import { signInTwoStep } from './two-step-sign-in-api';
import styles from './two-step-sign-in-page.module.css';

/** What the password or code sign-in hands over in the router's state. */
export interface TwoStepSignInState {
  ticket: string;
}

function ticketOf(state: unknown): string | null {
  const ticket = (state as Partial<TwoStepSignInState> | null)?.ticket;
  return typeof ticket === 'string' && ticket.length > 0 ? ticket : null;
}

/**
 * The second step of a sign-in of an account with two-step sign-in: a 6-digit code of the
 * authenticator app, or one of the recovery codes. The ticket of the first step lives only in the
 * router's state: a reload or a direct visit goes back to the sign-in page.
 */
export function TwoStepSignInPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const enterPortal = useEnterPortal();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ code: string }>();
  const underFields = useFieldErrors(form);
  const [recovery, setRecovery] = useState(false);
  const ticket = ticketOf(location.state);

  const verify = useMutation({
    mutationFn: async (code: string) => {
      const session = await signInTwoStep(
        { ticket: ticket ?? '', code },
        {
          onError: {
            ...underFields({ [ErrorCode.TwoStepCodeInvalid]: 'code' }),
            // the ticket expired or was spent: said once, and sign-in starts again
            [ErrorCode.TwoStepTicketInvalid]: (error) => {
              message.error(error.message);
              void navigate(paths.login, { replace: true });
            },
          },
        },
      );
      writeToken(session.token, session.expiresAt);
      await enterPortal();
    },
  });

  if (!ticket) return <Navigate to={paths.login} replace />;

  function switchMode() {
    setRecovery((value) => !value);
    form.resetFields();
  }

  const codeRule = {
    validator: async (_rule: unknown, value: unknown) => {
      const code = typeof value === 'string' ? value.trim() : '';
      if (!recovery && !/^\d{6}$/.test(code)) throw new Error(t('twoStep.codeInvalid'));
      if (recovery && !code) throw new Error(t('twoStep.recoveryRequired'));
    },
  };

  return (
    <CenteredScreen>
      <ScreenSection
        headingId="two-step-heading"
        icon={<SafetyOutlined />}
        title={t('twoStep.signInTitle')}
        description={recovery ? t('twoStep.recoveryInputHint') : t('twoStep.signInHint')}
        busy={verify.isPending}
      >
        <Form
          className={styles.form}
          form={form}
          name="two-step-sign-in"
          layout="vertical"
          onFinish={({ code }) => {
            if (!verify.isPending) verify.mutate(code.trim());
          }}
        >
          <Form.Item
            key={recovery ? 'recovery' : 'app'}
            name="code"
            label={recovery ? t('twoStep.recoveryCode') : t('twoStep.code')}
            rules={[codeRule]}
          >
            <Input
              className={styles.code}
              size="large"
              autoFocus
              autoComplete="one-time-code"
              spellCheck={false}
              {...(recovery ? { maxLength: 32 } : { inputMode: 'numeric' as const, maxLength: 6 })}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={verify.isPending}>
            {t('twoStep.verify')}
          </Button>
        </Form>
        <div className={styles.actions}>
          <Button type="link" onClick={switchMode}>
            {recovery ? t('twoStep.useApp') : t('twoStep.useRecovery')}
          </Button>
          <Button type="link" onClick={() => void navigate(paths.login, { replace: true })}>
            {t('twoStep.backToSignIn')}
          </Button>
        </div>
      </ScreenSection>
    </CenteredScreen>
  );
}
