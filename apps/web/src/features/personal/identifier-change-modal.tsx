import { Form, Input } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { emailSchema, phoneSchema } from '@portal/shared/validation/rules';
import { CodeField } from '../../components/code-field';
import { FormModal } from '../../components/form-modal';
import type { SendCode } from '../../components/plain/send-code-button';
import { personalCalls } from '../../lib/api-calls';
import type { ApiErrorOf } from '../../lib/api-error';
import type { RequestOf } from '../../lib/call-view';
import { sendEmailCode, sendSmsCode } from '../../lib/code-api';
import type { FieldErrors, FieldRefusals } from '../../lib/field-errors';
import { schemaRule } from '../../lib/form-rule';
import { useChange } from './personal-api';
import styles from './personal-page.module.css';

/** The sign-in identifiers a person changes, binds or proves with a code sent to the new one. */
export type Identifier = 'phone' | 'email';

type IdentifierCall = typeof personalCalls.updatePhone | typeof personalCalls.updateEmail;

type Values = Record<Identifier, string> & { code: string };

/** What tells the phone's dialog from the email's. */
interface IdentifierKind<D extends IdentifierCall> {
  call: D;
  request(value: string, code: string): RequestOf<D>;
  schema: Parameters<typeof schemaRule>[0];
  input: { autoComplete: string; inputMode: 'tel' | 'email' };
  /** Sends a `bind` code to the identifier typed. */
  send(value: string, options: Parameters<SendCode>[0]): ReturnType<SendCode>;
  /** The codes of the call about the identifier typed, said under its field. */
  refusals(t: TFunction): FieldRefusals<Identifier>;
  words(t: TFunction): {
    prove: string;
    change: string;
    bind: string;
    label: string;
    newLabel: string;
    placeholder: string;
    codeHint: string;
  };
}

/** The colleague holding the phone, named when the server names one (`data.boundTo` of a 1009106). */
function phoneBoundText(error: ApiErrorOf<typeof ErrorCode.PhoneBound>, t: TFunction): string {
  const holder = error.data.boundTo;
  if (!holder) return error.message;
  return holder.account
    ? t('personal.phoneBoundTo', { name: holder.nickname, account: holder.account })
    : t('personal.phoneBoundToName', { name: holder.nickname });
}

const phone: IdentifierKind<typeof personalCalls.updatePhone> = {
  call: personalCalls.updatePhone,
  request: (value, code) => ({ phone: value, code }),
  schema: phoneSchema,
  input: { autoComplete: 'tel', inputMode: 'tel' },
  send: (value, options) => sendSmsCode(value, 'bind', options),
  refusals: (t) => ({
    [ErrorCode.PhoneBound]: { field: 'phone', text: (error) => phoneBoundText(error, t) },
    [ErrorCode.PhoneExists]: 'phone',
  }),
  words: (t) => ({
    prove: t('personal.provePhone'),
    change: t('personal.changePhone'),
    bind: t('personal.bindPhone'),
    label: t('personal.phone'),
    newLabel: t('personal.newPhone'),
    placeholder: t('personal.phonePlaceholder'),
    codeHint: t('personal.phoneCodeHint'),
  }),
};

const email: IdentifierKind<typeof personalCalls.updateEmail> = {
  call: personalCalls.updateEmail,
  request: (value, code) => ({ email: value, code }),
  schema: emailSchema,
  input: { autoComplete: 'email', inputMode: 'email' },
  send: (value, options) => sendEmailCode(value, 'bind', options),
  refusals: () => ({
    [ErrorCode.EmailEmpty]: 'email',
    [ErrorCode.EmailFormat]: 'email',
    [ErrorCode.EmailBound]: 'email',
    [ErrorCode.NewEmailRegistered]: 'email',
  }),
  words: (t) => ({
    prove: t('personal.proveEmail'),
    change: t('personal.changeEmail'),
    bind: t('personal.bindEmail'),
    label: t('personal.email'),
    newLabel: t('personal.newEmail'),
    placeholder: t('personal.emailPlaceholder'),
    codeHint: t('personal.emailCodeHint'),
  }),
};

const KINDS: Record<Identifier, IdentifierKind<IdentifierCall>> = { phone, email };

interface IdentifierChangeModalProps {
  identifier: Identifier;
  open: boolean;
  /** The identifier now bound; null means the modal binds a first one. */
  current: string | null;
  /** The bound identifier is unproven: the modal proves it (a code to it, prefilled) instead of changing it. */
  proving?: boolean;
  onClose(): void;
  onSaved(): void;
}

/** Changes or binds the phone or the email: the code goes to the new one (scene `bind`) and proves it. */
export function IdentifierChangeModal({
  identifier,
  open,
  current,
  proving = false,
  onClose,
  onSaved,
}: IdentifierChangeModalProps) {
  const { t } = useTranslation();
  const kind = KINDS[identifier];
  const [form] = Form.useForm<Values>();
  const change = useChange(kind.call);
  const words = kind.words(t);
  const changing = current !== null && !proving;

  function submit(values: Values, underFields: FieldErrors<keyof Values>) {
    const onError = underFields({ ...kind.refusals(t), [ErrorCode.CodeInvalid]: 'code' });
    const body = kind.request(values[identifier].trim(), values.code.trim());
    change.mutate({ body, options: { onError } }, { onSuccess: onSaved });
  }

  return (
    <FormModal
      open={open}
      title={proving ? words.prove : current ? words.change : words.bind}
      name={`personal-${identifier}`}
      form={form}
      okText={t('personal.save')}
      initialValues={proving && current ? { [identifier]: current } : undefined}
      busy={change.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {changing ? <p className={styles.current}>{t('personal.currentValue', { value: current })}</p> : null}
      <Form.Item name={identifier} label={changing ? words.newLabel : words.label} rules={[schemaRule(kind.schema)]}>
        {/* A text input: type="email" would let the browser's own bubble pre-empt the rule's message. */}
        <Input autoFocus spellCheck={false} placeholder={words.placeholder} {...kind.input} />
      </Form.Item>
      <CodeField
        target={identifier}
        extra={words.codeHint}
        send={(options) => kind.send(form.getFieldValue(identifier).trim(), options)}
      />
    </FormModal>
  );
}
