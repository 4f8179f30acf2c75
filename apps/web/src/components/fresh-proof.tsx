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
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { CallOptions } from '../lib/api-client';
import { ApiError } from '../lib/api-error';

// a dialog few visits open: its form and antd's modal come in a chunk of their own
const FreshProofModal = lazy(async () => ({ default: (await import('./fresh-proof-modal')).FreshProofModal }));

/**
 * Runs a sensitive call (adding a passkey, a new phone or email, two-step set-up, signing out
 * everywhere): when the server answers 1009166 (the session's proof is stale) the person is asked to
 * confirm it is them, and the call is made again; cancelling rejects with the server's refusal. The
 * call receives the caller's options with 1009166 handled, so that no toast announces it.
 */
export type WithFreshProof = <T, Code extends number>(
  call: (options: CallOptions<Code>) => Promise<T>,
  options?: CallOptions<Code>,
) => Promise<T>;

const FreshProofContext = createContext<(() => Promise<boolean>) | null>(null);

/** The one "Confirm it's you" dialog of the app, shared by every sensitive call. */
export function FreshProofProvider({ children }: { children: ReactNode }) {
  const [asking, setAsking] = useState(false);
  const waiting = useRef<{ proof: Promise<boolean>; settle(proven: boolean): void } | null>(null);

  // calls refused at once (a page's two calls) wait for one and the same answer
  const ask = useCallback(() => {
    if (!waiting.current) {
      let settle: (proven: boolean) => void = () => {};
      const proof = new Promise<boolean>((resolve) => {
        settle = resolve;
      });
      waiting.current = { proof, settle };
      setAsking(true);
    }
    return waiting.current.proof;
  }, []);

  const answer = useCallback((proven: boolean) => {
    waiting.current?.settle(proven);
    waiting.current = null;
    setAsking(false);
  }, []);

  return (
    <FreshProofContext.Provider value={ask}>
      {children}
      {asking ? (
        <Suspense fallback={null}>
          <FreshProofModal onProven={() => answer(true)} onCancel={() => answer(false)} />
        </Suspense>
      ) : null}
    </FreshProofContext.Provider>
  );
}

export function useFreshProof(): WithFreshProof {
  const ask = useContext(FreshProofContext);
  if (!ask) throw new Error('useFreshProof needs a FreshProofProvider above it');
  return useMemo<WithFreshProof>(
    () =>
      async function withFreshProof<T, Code extends number>(
        call: (options: CallOptions<Code>) => Promise<T>,
        options: CallOptions<Code> = {},
      ) {
        // every call asking for a fresh proof declares 1009166
        const handled = {
          ...options,
          onError: { ...options.onError, [ErrorCode.ReauthenticationRequired]: () => {} },
        } as CallOptions<Code>;
        for (;;) {
          try {
            return await call(handled);
          } catch (error) {
            const stale = error instanceof ApiError && error.code === ErrorCode.ReauthenticationRequired;
            if (!stale || !(await ask())) throw error;
          }
        }
      },
    [ask],
  );
}
