import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegistrationResponse } from '@portal/shared/api/registration';
import { FlowActions } from '../../components/flow/flow-actions';
import { StepHeading } from '../../components/flow/step-heading';
import { registrationCalls } from '../../lib/api-calls';
import type { ErrorHandlers } from '../../lib/api-client';
import { useCallMutation } from '../../lib/use-call-mutation';
import { DetailList } from './detail-list';
import { useSecondStep } from './second-step';
import type { VerifiedPhone } from './verify-phone-step';

/** Step 3 of a member link for a phone that already has an account: it joins as it is, after a confirmation. */
export function JoinStep({
  referralId,
  company,
  domain,
  verified,
  onRegistered,
  rejections,
  onBack,
}: {
  referralId: string;
  company: string;
  domain: string;
  verified: VerifiedPhone;
  onRegistered: (result: RegistrationResponse) => void;
  /** Refusals the flow answers by another step or page; the api client says the rest. */
  rejections: ErrorHandlers;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const secondStep = useSecondStep();
  const join = useCallMutation(registrationCalls.bindEnterprise, { onSuccess: (result) => onRegistered(result) });

  return (
    <section>
      <StepHeading lead={t('registration.join.description', { phone: verified.phone, company })}>
        {t('registration.join.heading')}
      </StepHeading>
      <DetailList
        rows={[
          { label: t('registration.invitation.company'), value: company },
          { label: t('registration.done.domain'), value: domain },
          { label: t('registration.fields.phone'), value: verified.phone },
        ]}
      />
      {secondStep.field ? (
        <Form layout="vertical" component={false}>
          {secondStep.field}
        </Form>
      ) : null}
      <FlowActions>
        <Button size="large" onClick={onBack} disabled={join.isPending}>
          {t('registration.fields.back')}
        </Button>
        <Button
          type="primary"
          size="large"
          loading={join.isPending}
          disabled={secondStep.missing}
          onClick={() =>
            join.mutate({
              body: { referralId, ticket: verified.ticket, ...secondStep.request },
              options: { onError: { ...rejections, ...secondStep.rejections } },
            })
          }
        >
          {t('registration.join.confirm')}
        </Button>
      </FlowActions>
    </section>
  );
}
