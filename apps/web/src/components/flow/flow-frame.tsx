import { Steps, type StepsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredScreen } from '../centered-screen';
import styles from './flow-frame.module.css';
import { StepFocusScope } from './step-heading';

interface FlowFrameProps {
  title: string;
  description: string;
  /** Accessible name of the stepper. */
  progressLabel: string;
  steps: readonly string[];
  current: number;
  /** The current step is the last and it is done: the stepper shows every step complete. */
  finished?: boolean;
  /** Lets the person return to an earlier step (a button, so keyboard usable); absent when there is no way back. */
  onStepBack?: (index: number) => void;
  children: ReactNode;
}

/** A multi-step screen before sign-in: title, stepper and the current step's content. */
export function FlowFrame({
  title,
  description,
  progressLabel,
  steps,
  current,
  finished = false,
  onStepBack,
  children,
}: FlowFrameProps) {
  const { t } = useTranslation();
  const items: StepsProps['items'] = steps.map((stepTitle, index) => ({
    title: stepTitle,
    // only earlier steps are offered; the ones ahead are reached by completing this one
    disabled: !onStepBack || index >= current,
    ...(index === current ? { 'aria-current': 'step' } : {}),
  }));

  return (
    <CenteredScreen>
      <div className={styles.flow}>
        <header className={styles.intro}>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.description}>{description}</p>
        </header>
        <div role="group" aria-label={progressLabel} className={styles.steps}>
          {/* not antd's phone layout (a vertical list some 250 px tall before the form): the row of
              steps, each title under its number, fits a phone's width */}
          <Steps
            size="small"
            responsive={false}
            titlePlacement="vertical"
            current={current}
            status={finished ? 'finish' : 'process'}
            items={items}
            onChange={onStepBack}
          />
          <p className={styles.visuallyHidden}>
            {t('registration.flow.stepOf', { current: current + 1, total: steps.length, title: steps[current] })}
          </p>
        </div>
        <StepFocusScope>{children}</StepFocusScope>
      </div>
    </CenteredScreen>
  );
}
