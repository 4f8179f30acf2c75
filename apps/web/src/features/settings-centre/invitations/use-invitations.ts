import { useCallback, useEffect, useState } from 'react';
import type { CompanyInvitation } from '@portal/shared/api/settings';
import { ApiError } from '../../../lib/api-error';
import { fetchInvitations } from '../settings-api';

/** The company's invitation links as the server orders them; null until the first answer. */
export function useInvitations(): { list: CompanyInvitation[] | null; reload(): void } {
  const [list, setList] = useState<CompanyInvitation[] | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    fetchInvitations()
      .then((invitations) => {
        if (active) setList(invitations);
      })
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        // reported by the api client; an empty table rather than an endless spinner
        if (active) setList((current) => current ?? []);
      });
    return () => {
      active = false;
    };
  }, [version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { list, reload };
}
