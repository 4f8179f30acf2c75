import { CheckCircleOutlined, ClockCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteGrantStatus } from '@portal/shared/api/sites';
import { AccentTag } from '../../../components/accent-tag';

const ICONS: Record<SiteGrantStatus, ReactNode> = {
  active: <CheckCircleOutlined aria-hidden="true" />,
  pending: <ClockCircleOutlined aria-hidden="true" />,
  expired: <StopOutlined aria-hidden="true" />,
  revoked: <StopOutlined aria-hidden="true" />,
  ended: <StopOutlined aria-hidden="true" />,
  retired: <StopOutlined aria-hidden="true" />,
};

/** Where a grant stands, in words and an icon (never by colour alone). */
export function GrantStatus({ status }: { status: SiteGrantStatus }) {
  const { t } = useTranslation();
  return (
    <AccentTag accent={status === 'active'} icon={ICONS[status]}>
      {t(`sites.statuses.${status}`)}
    </AccentTag>
  );
}

/** A grant is live (it may still be revoked or left) unless it has been, or has run out. */
export const isLive = (status: SiteGrantStatus) => status === 'active' || status === 'pending';
