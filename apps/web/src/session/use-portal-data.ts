import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { enterCompany } from './portal-session';
import { usePortalInfo } from './session-queries';

const ENTERPRISE_PARAM = 'enterpriseId';

function requestedEnterprise(params: URLSearchParams): number | null {
  const id = Number(params.get(ENTERPRISE_PARAM));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Keeps the signed-in frame's data: portal info comes from its query (there already after sign-in,
 * fetched after a reload), and a link `?enterpriseId=<id>` enters that company first. A company the
 * user is not in answers 1000403 with redirect-page 001, and the api client shows the no-permission
 * page; any other failure the api client has told the person about.
 */
export function usePortalData(): void {
  const [params, setParams] = useSearchParams();
  const requested = requestedEnterprise(params);
  usePortalInfo();
  const { mutate: enter } = useMutation({
    mutationFn: enterCompany,
    onSuccess: () =>
      setParams(
        (next) => {
          next.delete(ENTERPRISE_PARAM);
          return next;
        },
        { replace: true },
      ),
  });

  useEffect(() => {
    if (requested !== null) enter(requested);
  }, [requested, enter]);
}
