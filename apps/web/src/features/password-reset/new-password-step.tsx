import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { useFeedback } from '../../components/feedback';
import { FlowActions } from '../../components/flow/flow-actions';
import { StepHeading } from '../../components/flow/step-heading';
import { NewPasswordFields } from '../../components/new-password-fields';
import { paths } from '../../config/paths';
import { personalCalls } from '../../lib/api-calls';
import type { ApiError } from '../../lib/api-error';
import { useFieldErrors } from '../../lib/field-errors';
import { useCallMutation } from '../../lib/use-call-mutation';
import type { ResetIdentity } from './identity-step';

interface Values {
  password: string;
  confirmPassword: string;
}

/** Step 2 of recovery: the new password, sent together with the code of step 1. */
export function NewPasswordStep({
  identity,
  onBack,
  onCodeRejected,
}: {
  identity: ResetIdentity;
  onBack: () => void;
  /** Wrong or expired code, or no account behind the identifier (the server does not say which). */
  onCodeRejected: (message: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const underFields = useFieldErrors(form);
  const errors = {
    ...underFields({
      [ErrorCode.PasswordsDoNotMatch]: 'confirmPassword',
      [ErrorCode.PasswordUnchanged]: 'password',
    }),
    [ErrorCode.CodeInvalid]: (error: ApiError) => onCodeRejected(error.message),
  };

  const submit = useCallMutation(personalCalls.forgetPassword, {
    onSuccess: async () => {
      message.success(t('registration.reset.success'));
      await navigate(paths.login, { replace: true });
    },
  });

  return (
    <section>
      <StepHeading lead={t('registration.reset.passwordFor', { identifier: identity.identifier })}>
        {t('registration.reset.stepPassword')}
      </StepHeading>
      <Form<Values>
        form={form}
        name="reset-password"
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={({ password, confirmPassword }) =>
          submit.mutate({ body: { ...identity, password, confirmPassword }, options: { onError: errors } })
        }
        disabled={submit.isPending}
      >
        <NewPasswordFields
          labels={{
            password: t('registration.reset.newPassword'),
            passwordRule: t('registration.reset.newPasswordPlaceholder'),
            confirmPassword: t('registration.reset.confirmPassword'),
            confirmPasswordPlaceholder: t('registration.reset.confirmPasswordPlaceholder'),
          }}
        />
        <FlowActions>
          <Button size="large" onClick={onBack}>
            {t('registration.fields.back')}
          </Button>
          <Button type="primary" size="large" htmlType="submit" loading={submit.isPending}>
            {t('registration.reset.submit')}
          </Button>
        </FlowActions>
      </Form>
    </section>
  );
}
