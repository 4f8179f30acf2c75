import { ClockCircleOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/link-button';
import styles from './personal-page.module.css';

/** The personal centre's forms come with their server calls; until then the page says so. */
export function PersonalPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.panel} aria-labelledby="personal-title">
      <Result
        icon={<ClockCircleOutlined aria-hidden="true" />}
        title={
          <h1 id="personal-title" className={styles.title}>
            {t('web.personal.title')}
          </h1>
        }
        subTitle={
          <>
            <p>{t('web.personal.description')}</p>
            <p>{t('web.pending.notice')}</p>
          </>
        }
        extra={<LinkButton to="/home">{t('web.pending.backToHome')}</LinkButton>}
      />
    </section>
  );
}
