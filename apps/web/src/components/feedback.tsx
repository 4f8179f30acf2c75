import type { Modal, ModalFuncProps, message } from 'antd';
import {
  type ReactNode,
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';

type MessageInstance = ReturnType<typeof message.useMessage>[0];

/** What the holder lends once its code is there: the APIs of antd's message and modal hooks. */
export interface FeedbackApis {
  message: MessageInstance;
  modal: ReturnType<typeof Modal.useModal>[0];
}

type MessageArgs = Parameters<MessageInstance['success']>;

/** The toasts and dialogs a screen shows. */
export interface Feedback {
  message: Record<'success' | 'error' | 'warning', (...args: MessageArgs) => void>;
  modal: Record<'confirm' | 'warning', (config: ModalFuncProps) => void>;
}

// antd's message and modal (with its dialog and notification machinery, and antd's theme) are a
// large part of antd that no first screen shows: their holder is loaded in a chunk of its own when
// the first toast or dialog is asked for, not while the first screen should answer.
const FeedbackHolder = lazy(async () => ({ default: (await import('./feedback-holder')).FeedbackHolder }));

const FeedbackContext = createContext<Feedback | null>(null);

/**
 * Lends every screen the toasts and dialogs, in the app's theme and language. A call made before the
 * holder's code has arrived is shown as soon as it has.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const apis = useRef<FeedbackApis | null>(null);
  const waiting = useRef<((apis: FeedbackApis) => void)[]>([]);
  const [wanted, setWanted] = useState(false);

  const onReady = useCallback((ready: FeedbackApis) => {
    apis.current = ready;
    for (const show of waiting.current.splice(0)) show(ready);
  }, []);

  const feedback = useMemo((): Feedback => {
    const call = (show: (ready: FeedbackApis) => void) => {
      if (apis.current) return show(apis.current);
      waiting.current.push(show);
      setWanted(true);
    };
    return {
      message: {
        success: (...args) => call(({ message }) => void message.success(...args)),
        error: (...args) => call(({ message }) => void message.error(...args)),
        warning: (...args) => call(({ message }) => void message.warning(...args)),
      },
      modal: {
        confirm: (config) => call(({ modal }) => void modal.confirm(config)),
        warning: (config) => call(({ modal }) => void modal.warning(config)),
      },
    };
  }, []);

  return (
    <FeedbackContext.Provider value={feedback}>
      {wanted ? (
        <Suspense fallback={null}>
          <FeedbackHolder onReady={onReady} />
        </Suspense>
      ) : null}
      {children}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback is used outside FeedbackProvider');
  return feedback;
}
