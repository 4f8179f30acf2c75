import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerApiHandlers } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { useFeedback } from '../components/feedback';

/** Lends the api client the shell's toast and navigation, which only exist inside React. */
export function ApiBridge() {
  const { message } = useFeedback();
  const navigate = useNavigate();

  useEffect(
    () =>
      registerApiHandlers({
        // Keyed by text: a burst of calls failing the same way shows one toast, not five.
        notifyError: (text) => message.error({ content: text, key: text }),
        navigate: (path) => void navigate(path, { replace: true }),
        onSessionEnded: () => queryClient.clear(),
      }),
    [message, navigate],
  );

  return null;
}
