import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { adoptAccountLanguage } from '../lib/language';
import { queryClient } from '../lib/query-client';
import { writeUserInfo } from '../lib/storage';
import { isPastCutOff } from './certification';
import { takePendingInteraction } from './pending-interaction';
import { landingUrl, refreshPortal } from './portal-session';
import { fetchCertification } from './session-api';
import { currentUserQueryOptions } from './session-queries';
import { useCertificationPrompt } from './use-certification-prompt';

export interface EnterPortalOptions {
  /** The phone has just been verified, or the user chose to skip: no prompt. */
  certificationSettled?: boolean;
}

/**
 * Sends a signed-in user where they belong (docs/portal-and-products.md#after-sign-in): an account without a
 * verified phone first meets the verification prompt, a two-step set-up a company requires comes next; then
 * the product whose sign-in through the portal waits for the person, or the company's only product, or the
 * home page.
 */
export function useEnterPortal(): (options?: EnterPortalOptions) => Promise<void> {
  const navigate = useNavigate();
  const promptCertification = useCertificationPrompt();

  return useCallback(
    async ({ certificationSettled = false }: EnterPortalOptions = {}) => {
      // user/current first: after the cut-off an unverified account gets nothing else (1009130).
      // Asked again even if known: the session has just begun, maybe as someone else.
      const user = await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
      writeUserInfo(user);
      await adoptAccountLanguage(user.langCode);

      if (!user.phoneCertified && !certificationSettled) {
        const { deadline } = await fetchCertification();
        const choice = await promptCertification(deadline, !isPastCutOff(deadline));
        if (choice === 'verify') {
          await navigate(paths.verifyPhone, { replace: true });
          return;
        }
      }

      // a company of the person requires two-step sign-in: set it up before anything else
      if (user.twoStepSetupRequired) {
        await navigate(paths.twoStepSetup, { replace: true });
        return;
      }

      // a product asked the portal to sign the person in (OpenID provider): its screen goes on with it
      const interaction = takePendingInteraction();
      if (interaction) {
        await navigate(interaction, { replace: true });
        return;
      }

      const url = landingUrl(await refreshPortal());
      // Products are separate apps on the same origin, so they are left by a full page load.
      if (url) window.location.assign(url);
      else await navigate(paths.home, { replace: true });
    },
    [navigate, promptCertification],
  );
}
