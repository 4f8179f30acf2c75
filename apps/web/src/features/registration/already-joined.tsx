import { InfoCircleOutlined, LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import styles from '../../components/flow/flow-frame.module.css';
import { StepHeading } from '../../components/flow/step-heading';
import { LinkButton } from '../../components/link-button';
import { paths } from '../../config/paths';

/** The phone's account is already a member of the link's company (1009110): nothing to redeem, just sign in. */
export function AlreadyJoined({ phone, company }: { phone: string; company: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.outcome}>
      <InfoCircleOutlined className={styles.outcomeIcon} aria-hidden="true" />
      <StepHeading lead={t('registration.joined.description', { phone, company })}>
        {t('registration.joined.title')}
      </StepHeading>
      <LinkButton to={paths.login} icon={<LoginOutlined aria-hidden="true" />}>
        {t('registration.joined.goLogin')}
      </LinkButton>
    </section>
  );
}
