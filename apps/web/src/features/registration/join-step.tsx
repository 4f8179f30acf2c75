import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationResponse } from '@portal/shared/api/registration';
import { ApiError } from '../../lib/api-error';
import { DetailList } from './detail-list';
import { joinEnterprise } from './registration-api';
import { StepHeading } from '../../components/flow/step-heading';
import type { VerifiedPhone } from './verify-phone-step';
import { FlowActions } from '../../components/flow/flow-actions';

/** Step 3 of a member link for a phone that already has an account: it joins as it is, after a confirmation. */
export function JoinStep({
  referralId,
  company,
  domain,
  verified,
  onRegistered,
  onRejected,
  onBack,
}: {
  referralId: string;
  company: string;
  domain: string;
  verified: VerifiedPhone;
  onRegistered: (result: RegistrationResponse) => void;
  onRejected: (error: ApiError) => boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);

  async function join() {
    setSubmitting(true);
    try {
      onRegistered(await joinEnterprise({ referralId, ticket: verified.ticket }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setSubmitting(false);
      onRejected(error);
    }
  }

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
      <FlowActions>
        <Button size="large" onClick={onBack} disabled={submitting}>
          {t('registration.fields.back')}
        </Button>
        <Button type="primary" size="large" loading={submitting} onClick={() => void join()}>
          {t('registration.join.confirm')}
        </Button>
      </FlowActions>
    </section>
  );
}
