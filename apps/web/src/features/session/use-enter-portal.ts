import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { landingUrl, loadPortalInfo } from './portal-session';

/** Sends a signed-in user where they belong: their only product, or the home page. */
export function useEnterPortal(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const info = await loadPortalInfo();
    const url = landingUrl(info);
    // Products are separate apps on the same origin, so they are left by a full page load.
    if (url) window.location.assign(url);
    else await navigate('/home', { replace: true });
  }, [navigate]);
}
