import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ErrorHandlers } from '../../lib/api-client';

/**
 * The second step an existing account with two-step sign-in gives in the registering request itself:
 * the phone's code is one factor, so the server writes nothing without a code of the authenticator
 * app or a recovery code, and answers 1009160. The first such answer asks for the code; one to a
 * code typed says it was wrong.
 */
export function useSecondStep() {
  const [asked, setAsked] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const typed = code.trim();
  return {
    rejections: {
      [ErrorCode.TwoStepCodeInvalid]: (apiError) => {
        setError(asked ? apiError.message : null);
        setAsked(true);
      },
    } satisfies ErrorHandlers,
    /** What the registering request carries. */
    request: asked && typed ? { twoStepCode: typed } : {},
    /** Asked and not typed yet: the request would only be refused again. */
    missing: asked && !typed,
    field: asked ? (
      <SecondStepField
        code={code}
        error={error}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
      />
    ) : null,
  };
}

function SecondStepField({
  code,
  error,
  onChange,
}: {
  code: string;
  error: string | null;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="warning" showIcon title={t('registration.secondStep.lead')} />
      <Form.Item
        label={t('registration.secondStep.code')}
        htmlFor="registration-second-step"
        validateStatus={error ? 'error' : undefined}
        help={error ?? undefined}
      >
        <Input
          id="registration-second-step"
          size="large"
          autoFocus
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={32}
          value={code}
          onChange={(event) => onChange(event.target.value)}
        />
      </Form.Item>
    </>
  );
}
