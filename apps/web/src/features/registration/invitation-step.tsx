import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { StepHeading } from '../../components/flow/step-heading';
import { formatDate } from '../../lib/format-date';
import { DetailList } from './detail-list';
import type { ValidReferral } from './use-referral';

const LEAD = {
  admin: 'registration.invitation.leadAdmin',
  member: 'registration.invitation.leadMember',
  owner: 'registration.invitation.leadOwner',
} as const;

const ROLE = {
  admin: 'registration.invitation.roleAdmin',
  member: 'registration.invitation.roleMember',
  owner: 'registration.invitation.roleOwner',
} as const;

/** Step 1: who invites the person, into which company, as what, and until when. */
export function InvitationStep({ referral, onAccept }: { referral: ValidReferral; onAccept: () => void }) {
  const { t } = useTranslation();
  const inviter = referral.inviterName ?? t('registration.invitation.operator');
  const company = referral.enterpriseName ?? '';
  const expires = formatDate(referral.expiresAt);

  // an admin link has no company yet: the person creates it in step 3
  const companyRows = referral.enterpriseName
    ? [
        { label: t('registration.invitation.company'), value: referral.enterpriseName },
        ...(referral.enterpriseDomain
          ? [{ label: t('registration.done.domain'), value: referral.enterpriseDomain }]
          : []),
      ]
    : [{ label: t('registration.invitation.company'), value: t('registration.invitation.newCompany') }];

  return (
    <section>
      <StepHeading lead={t(LEAD[referral.kind], { inviter, company })}>
        {t('registration.invitation.heading')}
      </StepHeading>
      <DetailList
        rows={[
          { label: t('registration.invitation.inviter'), value: inviter },
          ...companyRows,
          { label: t('registration.invitation.role'), value: t(ROLE[referral.kind]) },
          { label: t('registration.invitation.expiresAt'), value: expires },
        ]}
      />
      <Button type="primary" size="large" block onClick={onAccept}>
        {t('registration.invitation.accept')}
      </Button>
    </section>
  );
}
