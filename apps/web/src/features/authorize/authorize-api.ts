import type { AuthorizeStep } from '@portal/shared/api/authorize';
import type { ReauthenticateRequest } from '@portal/shared/api/fresh-proof';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { authorizeCalls, portalCalls } from '../../lib/api-calls';
import { type OptionsOf, call } from '../../lib/api-client';

/** The client and the companies shown at the company step. */
type CompanyStep = Extract<AuthorizeStep, { step: 'company' }>;

// An unknown or expired interaction is the screen's own message, not a toast.
const quietNotFound = { onError: { [ErrorCode.NotFound]: () => {} } };

export const authorizeKeys = {
  all: ['authorize'] as const,
  /** The step the screen opens at: asked on every visit, the interaction moves on between them. */
  step: (uid: string) => [...authorizeKeys.all, 'step', uid] as const,
};

export const fetchStep = (uid: string, signal?: AbortSignal) =>
  call(authorizeCalls.interactionStep, { uid }, { ...quietNotFound, signal });

export const chooseCompany = (uid: string, enterpriseId: number) =>
  call(authorizeCalls.chooseInteractionCompany, { uid, enterpriseId }, quietNotFound);

export const consent = (uid: string, enterpriseId: number | undefined) =>
  call(authorizeCalls.consentInteraction, { uid, enterpriseId }, quietNotFound);

/** Nothing is left to ask: the screen finishes the sign-in (asking for the step never does). */
export const proceed = (uid: string) => call(authorizeCalls.continueInteraction, { uid }, quietNotFound);

/** A fresh proof the product asked for; the answer is the next step. */
export const reauthenticate = (
  uid: string,
  body: ReauthenticateRequest,
  options?: OptionsOf<typeof authorizeCalls.reauthenticateInteraction>,
) => call(authorizeCalls.reauthenticateInteraction, { uid, ...body }, options);

export const abort = (uid: string) => call(authorizeCalls.abortInteraction, { uid }, quietNotFound);

/**
 * The company step again, after a company without the product's right. Asked of the interaction
 * first; when the product named that company itself (`company_id`), the interaction answers the
 * refusal again, so the list is the person's companies as the portal knows them.
 */
export async function companiesAgain(uid: string, client: CompanyStep['client']): Promise<AuthorizeStep> {
  const step = await fetchStep(uid);
  if (step.step !== 'denied') return step;
  const info = await call(portalCalls.portalInfo);
  return {
    step: 'company',
    client,
    companies: info.enterpriseProduct.map((company) => ({
      enterpriseId: company.enterpriseId,
      name: company.enterpriseName,
      entitled: company.productList.some((product) => product.productCode === client.productCode),
    })),
  };
}
