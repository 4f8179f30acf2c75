import { SafetyOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccentTag } from '../../../components/accent-tag';
import { Card } from '../../../components/card';
import { useFeedback } from '../../../components/feedback';
import { twoStepKeys, twoStepStateQuery } from '../../../lib/two-step-api';
import { sessionKeys } from '../../../session/session-queries';
import { TwoStepDisableModal } from './two-step-disable-modal';
import { TwoStepEnableModal } from './two-step-enable-modal';
import styles from './two-step.module.css';

/** Describes the disabled Turn off to screen readers as its tooltip does to the eye. */
const TURN_OFF_BLOCKED_ID = 'two-step-turn-off-blocked';

/** The personal centre's "Two-step sign-in" card: its state, and turning it on or off. */
export function TwoStepCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const client = useQueryClient();
  const { data: state, isError, refetch } = useQuery(twoStepStateQuery());
  const [open, setOpen] = useState<'enable' | 'disable' | null>(null);

  /** What the change touched: the state here, and the user as the header and the guard read it. */
  const changed = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: twoStepKeys.state() }),
      client.invalidateQueries({ queryKey: sessionKeys.currentUser }),
      client.invalidateQueries({ queryKey: sessionKeys.portalInfo }),
    ]);

  function enabled() {
    setOpen(null);
    void changed();
    message.success(t('twoStep.enabled'));
  }

  function disabled() {
    setOpen(null);
    void changed();
    message.success(t('twoStep.disabled'));
  }

  return (
    <Card aria-labelledby="personal-two-step">
      <div className={styles.header}>
        <div className={styles.text}>
          <h2 id="personal-two-step" className={styles.titleLine}>
            <span className={styles.icon} aria-hidden="true">
              <SafetyOutlined />
            </span>
            {t('twoStep.title')}
            {state ? (
              <AccentTag accent={state.enabled}>{state.enabled ? t('twoStep.on') : t('twoStep.off')}</AccentTag>
            ) : null}
          </h2>
          <p className={styles.description}>{t('twoStep.description')}</p>
          {state?.enabled ? (
            <p className={styles.detail}>{t('twoStep.recoveryLeft', { count: state.recoveryCodesLeft })}</p>
          ) : null}
        </div>
        {state ? (
          state.enabled ? (
            // a company that requires it keeps it on (the server refuses with 1009167): said up front
            <Tooltip title={state.required ? t('twoStep.turnOffBlocked') : undefined}>
              <Button
                onClick={() => setOpen('disable')}
                aria-label={t('twoStep.turnOffLabel')}
                disabled={state.required}
                aria-describedby={state.required ? TURN_OFF_BLOCKED_ID : undefined}
              >
                {t('twoStep.turnOff')}
              </Button>
            </Tooltip>
          ) : (
            <Button type="primary" onClick={() => setOpen('enable')} aria-label={t('twoStep.turnOnLabel')}>
              {t('twoStep.turnOn')}
            </Button>
          )
        ) : null}
      </div>
      {state?.required && state.enabled ? (
        <span id={TURN_OFF_BLOCKED_ID} hidden>
          {t('twoStep.turnOffBlocked')}
        </span>
      ) : null}
      {state?.required && !state.enabled ? (
        <Alert className={styles.detail} type="warning" showIcon title={t('twoStep.requiredNote')} />
      ) : null}
      {isError ? (
        <Alert
          className={styles.detail}
          type="error"
          showIcon
          title={t('twoStep.loadFailed')}
          action={<Button onClick={() => void refetch()}>{t('twoStep.retry')}</Button>}
        />
      ) : !state ? (
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      ) : null}
      <TwoStepEnableModal open={open === 'enable'} onClose={() => setOpen(null)} onEnabled={enabled} />
      <TwoStepDisableModal open={open === 'disable'} onClose={() => setOpen(null)} onDisabled={disabled} />
    </Card>
  );
}
