import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../components/feedback';
import { registerApiHandlers } from '../lib/api-client';
import { queryClient } from '../lib/query-client';

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
