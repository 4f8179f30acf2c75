import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IdentifierType } from '@portal/shared/constants';
import { checkSignInPassword } from '@portal/shared/validation/field-checks';
import { ActionButton } from '../../components/plain/action-button';
import { FormField } from '../../components/plain/form-field';
import { TextBox } from '../../components/plain/text-box';
import { paths } from '../../config/paths';
import { useFieldErrors } from '../../lib/field-errors';
import { useCheckedFields } from '../../lib/use-checked-fields';
import { IDENTIFIER_CHECKS, IdentifierField } from './identifier-field';
import styles from './login-page.module.css';
import { useSignIn } from './use-sign-in';

/** Password sign-in with one kind of identifier; the server accepts all three the same way. */
export function PasswordSignInForm({ identifierType }: { identifierType: IdentifierType }) {
  const { t } = useTranslation();
  const form = useCheckedFields({ identifier: IDENTIFIER_CHECKS[identifierType], password: checkSignInPassword });
  const underFields = useFieldErrors(form);
  const { submitting, signIn } = useSignIn(underFields());

  return (
    <form
      name={`sign-in-${identifierType}-password`}
      noValidate
      // sent before the JavaScript has arrived (a prerendered page), a form with no method would reload
      // the page and lose what was typed; "dialog" outside a dialog goes nowhere (see start.tsx)
      method="dialog"
      onSubmit={form.onSubmit(({ identifier, password }) =>
        signIn({ loginType: 'password', identifierType, identifier: identifier.trim(), password }),
      )}
    >
      <fieldset className={styles.fields} disabled={submitting}>
        <IdentifierField identifierType={identifierType} field={form.field('identifier')} />
        <FormField field={form.field('password')} label={t('web.login.password')}>
          {(input) => (
            <TextBox
              {...input}
              secret
              prefix={<LockOutlined aria-hidden="true" />}
              placeholder={t('web.login.passwordPlaceholder')}
              autoComplete="current-password"
            />
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
