import { Form, Input, Radio } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reauthenticateRequestSchema } from '@portal/shared/api/fresh-proof';
import { schemaRule } from '../lib/form-rule';

export type ProofMethod = 'password' | 'code';

const [passwordOption, codeOption] = reauthenticateRequestSchema.options;

/**
 * The fields of the portal's re-authentication, in the fresh-proof dialog and in a product's step-up
 * alike: the choice of password or two-step code (where both are offered), then the one field.
 */
export function ProofFields({
  method,
  onMethodChange,
  offerChoice,
  passwordHint,
}: {
  method: ProofMethod;
  onMethodChange: (method: ProofMethod) => void;
  offerChoice: boolean;
  passwordHint?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {offerChoice ? (
        <Form.Item label={t('personal.proofMethod')}>
          <Radio.Group
            optionType="button"
            value={method}
            onChange={(event) => onMethodChange(event.target.value as ProofMethod)}
            options={[
              { value: 'password', label: t('personal.proofWithPassword') },
              { value: 'code', label: t('personal.proofWithCode') },
            ]}
          />
        </Form.Item>
      ) : null}
      {method === 'password' ? (
        <>
          <Form.Item
            name="password"
            label={t('personal.proofPassword')}
            rules={[schemaRule(passwordOption.shape.password)]}
          >
            <Input.Password autoFocus autoComplete="current-password" />
          </Form.Item>
          {passwordHint}
        </>
      ) : (
        // a recovery code has letters: no numeric keyboard
        <Form.Item name="code" label={t('personal.proofCode')} rules={[schemaRule(codeOption.shape.code)]}>
          <Input autoFocus autoComplete="one-time-code" spellCheck={false} />
        </Form.Item>
      )}
    </>
  );
}
