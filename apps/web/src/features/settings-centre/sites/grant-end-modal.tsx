import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SiteGrant } from '@portal/shared/api/sites';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { useFeedback } from '../../../components/feedback';
import { FormModal } from '../../../components/form-modal';
import { fromLocalInput, toLocalInput } from './moments';
import { useUpdateGrant } from './sites-api';

interface Values {
  endsAt?: string;
}

/**
 * A new end of a grant the company made (empty: open-ended). Grants made from it that end later stop
 * at the new end by the rule, so the dialog says so; the server refuses an end in the past and one
 * later than a grant above, under the field.
 */
export function GrantEndModal({ grant, onClose }: { grant: SiteGrant | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const update = useUpdateGrant();

  return (
    <FormModal<Values>
      key={grant?.grantId}
      title={grant ? t('sites.end.title', { company: grant.grantee.name }) : ''}
      name="grant-end"
      okText={t('sites.end.submit')}
      open={grant !== null}
      busy={update.isPending}
      initialValues={{ endsAt: grant?.endsAt ? toLocalInput(grant.endsAt) : undefined }}
      onClose={onClose}
      onSubmit={(values, underFields) =>
        grant &&
        update.mutate(
          {
            body: { grantId: grant.grantId, endsAt: fromLocalInput(values.endsAt) ?? null },
            options: {
              onError: underFields({
                [ErrorCode.GrantEndsLater]: 'endsAt',
                [ErrorCode.GrantTimesInvalid]: 'endsAt',
              }),
            },
          },
          {
            onSuccess: () => {
              message.success(t('sites.end.saved'));
              onClose();
            },
          },
        )
      }
    >
      <Form.Item name="endsAt" label={t('sites.share.endsAt')} extra={t('sites.end.hint')}>
        <Input type="datetime-local" />
      </Form.Item>
    </FormModal>
  );
}
