import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CODE_LENGTH } from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { checkCode } from '@portal/shared/validation/field-checks';
import { ActionButton } from '../../components/plain/action-button';
import { CodeRow } from '../../components/plain/code-row';
import { FormField } from '../../components/plain/form-field';
import { SendCodeButton } from '../../components/plain/send-code-button';
import { TextBox } from '../../components/plain/text-box';
import { paths } from '../../config/paths';
import type { CallOptions } from '../../lib/api-client';
import { sendEmailCode, sendSmsCode } from '../../lib/code-api';
import { useFieldErrors } from '../../lib/field-errors';
import { useCheckedFields } from '../../lib/use-checked-fields';
import { IDENTIFIER_CHECKS, IdentifierField } from './identifier-field';
import styles from './login-page.module.css';
import { useSignIn } from './use-sign-in';

/** Sign-in by a code sent to the phone or email (scene `login`); accounts have no code sign-in. */
export function CodeSignInForm({ identifierType }: { identifierType: 'phone' | 'email' }) {
  const { t } = useTranslation();
  const form = useCheckedFields({ identifier: IDENTIFIER_CHECKS[identifierType], code: checkCode });
  const underFields = useFieldErrors(form);
  const { submitting, signIn } = useSignIn(underFields({ [ErrorCode.CodeInvalid]: 'code' }));
  const identifier = form.field('identifier');

  function send(options: CallOptions) {
    const target = identifier.value.trim();
    return identifierType === 'phone' ? sendSmsCode(target, 'login', options) : sendEmailCode(target, 'login', options);
  }

  return (
    <form
      name={`sign-in-${identifierType}-code`}
      noValidate
      // prerendered: sent before the JavaScript has arrived, it stays on the page (see start.tsx)
      method="dialog"
      onSubmit={form.onSubmit(({ identifier, code }) =>
        signIn({ loginType: 'code', identifierType, identifier: identifier.trim(), code: code.trim() }),
      )}
    >
      <fieldset className={styles.fields} disabled={submitting}>
        <IdentifierField identifierType={identifierType} field={identifier} />
        <FormField field={form.field('code')} label={t('web.code.label')}>
          {(input) => (
            <CodeRow>
              <TextBox
                {...input}
                prefix={<SafetyOutlined aria-hidden="true" />}
                placeholder={t('web.code.placeholder')}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={CODE_LENGTH}
                spellCheck={false}
              />
              {/* The focus goes where the code is typed once it is on its way. */}
              <SendCodeButton
                size="large"
                send={send}
                checkTarget={() => form.validate(['identifier'])}
                onSent={() => form.focus('code')}
              />
            </CodeRow>
          )}
        </FormField>
        <div className={styles.formLinks}>
          <Link to={paths.forgetPassword}>{t('web.login.forgotPassword')}</Link>
        </div>
        <ActionButton variant="primary" type="submit" size="large" block loading={submitting}>
          {t('web.login.submit')}
        </ActionButton>
      </fieldset>
    </form>
  );
}
