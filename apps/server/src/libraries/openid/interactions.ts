import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { AUTHORIZE_SCOPES, type AuthorizeStep } from '@portal/shared/api/authorize';
import type { ReauthenticateRequest } from '@portal/shared/api/fresh-proof';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ProductCode } from '@portal/shared/products';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { findEnterpriseById } from '../../queries/enterprises.ts';
import { listUserEnterprisesWithProducts } from '../../queries/memberships.ts';
import { insertGrantLink } from '../../queries/openid.ts';
import { listEnterpriseProducts } from '../../queries/products.ts';
import type { SignedInCaller } from '../platform/caller.ts';
import type { Auth } from '../platform/sessions.ts';
import { grantInCompany } from './company-grant.ts';
import { admitToProduct } from './product-gate.ts';
import { GRANT_TTL_MS, clientMetadata, productOfClient, productOfResource } from './provider.ts';
import { PRODUCT_SCOPE } from './resource-access.ts';
import { loginOf, recordProof, stepUpStep } from './step-up.ts';

type Interaction = InstanceType<Provider['Interaction']>;
type Company = { enterpriseId: number; name: string; entitled: boolean };

interface Found {
  interaction: Interaction;
  client: { name: string; productCode: ProductCode; firstParty: boolean };
}

/** A call of the portal's screen: the interaction it names, and the browser's request and answer. */
export interface ScreenCall {
  uid: string;
  req: IncomingMessage;
  res: ServerResponse;
}

/** The interaction the browser's signed interaction cookie names; none without one, or when it ended. */
async function interactionOfBrowser(provider: Provider, { req, res }: ScreenCall): Promise<Interaction | undefined> {
  try {
    return await provider.interactionDetails(req, res);
  } catch (error) {
    // the library's SessionNotFound, told by its name: its class is loaded with the provider, on first use
    if ((error as Error).name === 'SessionNotFound') return undefined;
    throw error;
  }
}

/**
 * The interaction of a call, if it is the one this browser started: another browser (the person a link
 * was sent to, or the one who sent it) cannot act on it. A finished interaction waits for its resume:
 * it is no longer the person's to change.
 */
async function findInteraction(provider: Provider, call: ScreenCall): Promise<Found> {
  const interaction = await interactionOfBrowser(provider, call);
  if (!interaction || interaction.uid !== call.uid || interaction.result) throw new AppError(ErrorCode.NotFound);
  const client = await provider.Client.find(String(interaction.params.client_id));
  const productCode = productOfClient(client);
  if (!client || !productCode) throw new AppError(ErrorCode.NotFound);
  return {
    interaction,
    client: {
      name: client.clientName ?? client.clientId,
      productCode,
      firstParty: clientMetadata(client).first_party === true,
    },
  };
}

async function companiesOf(ctx: AppContext, userId: number, product: ProductCode): Promise<Company[]> {
  const rows = await listUserEnterprisesWithProducts(ctx.db, userId);
  const companies = new Map<number, Company>();
  for (const row of rows) {
    const company = companies.get(row.enterpriseId) ?? {
      enterpriseId: row.enterpriseId,
      name: row.fullName,
      entitled: false,
    };
    if (row.productCode === product) company.entitled = true;
    companies.set(row.enterpriseId, company);
  }
  return [...companies.values()];
}

async function supportCompanyOf(ctx: AppContext, enterpriseId: number, product: ProductCode): Promise<Company[]> {
  const [company, products] = await Promise.all([
    findEnterpriseById(ctx.db, enterpriseId),
    listEnterpriseProducts(ctx.db, [enterpriseId]),
  ]);
  return company ? [{ enterpriseId, name: company.full_name, entitled: products.some((p) => p.code === product) }] : [];
}

function requestedScopes(interaction: Interaction): string[] {
  return String(interaction.params.scope ?? '')
    .split(' ')
    .filter(Boolean);
}

/** The products' APIs the product asked for (`resource`, once or more), each checked by the provider. */
function requestedResources(interaction: Interaction): string[] {
  const { resource } = interaction.params;
  return (Array.isArray(resource) ? resource : resource ? [resource] : []).map(String);
}

interface Choice {
  enterpriseId?: number;
  consented?: boolean;
  /** A call that may finish the sign-in (a POST of the screen): asking for the step never does. */
  finish?: boolean;
}

async function nextStep(
  ctx: AppContext,
  provider: Provider,
  call: ScreenCall,
  { interaction, client }: Found,
  session: Auth | null,
  choice: Choice,
): Promise<AuthorizeStep> {
  if (!session) return { step: 'signIn', client, fresh: false };
  const stepUp = await stepUpStep(ctx, interaction, session, client);
  if (stepUp) return stepUp;

  // a support session works in the one company whose window it entered, never in the person's own
  const companies = session.support
    ? await supportCompanyOf(ctx, session.support.enterpriseId, client.productCode)
    : await companiesOf(ctx, session.user.id, client.productCode);
  // the product's `company_id` is a hint, like `login_hint`: one that is none of the person's companies
  // is not an error of theirs, and they choose as if none had been named
  const named = companies.find((c) => String(c.enterpriseId) === interaction.params.company_id)?.enterpriseId;
  const enterpriseId =
    choice.enterpriseId ?? named ?? (companies.length <= 1 ? (companies[0]?.enterpriseId ?? null) : undefined);
  if (enterpriseId === undefined) return { step: 'company', client, companies };
  const company = companies.find((c) => c.enterpriseId === enterpriseId) ?? null;
  if (enterpriseId !== null && !company) throw new AppError(ErrorCode.Forbidden);

  const admission = await admitToProduct(ctx, session, enterpriseId, client.productCode);
  if (!admission.admitted) {
    if (admission.reason === 'two-step-setup') return { step: 'twoStepSetup', client };
    if (admission.reason === 'not-member') throw new AppError(ErrorCode.Forbidden);
    return {
      step: 'denied',
      client,
      company,
      otherCompanies: companies.some((c) => c.entitled && c.enterpriseId !== enterpriseId),
    };
  }
  if (!client.firstParty && !choice.consented) {
    const scopes = requestedScopes(interaction).filter((s): s is (typeof AUTHORIZE_SCOPES)[number] =>
      (AUTHORIZE_SCOPES as readonly string[]).includes(s),
    );
    // the products' APIs it asks for are named: consent to `product` is consent to those
    const resources = requestedResources(interaction).map((uri) => ({
      uri,
      productCode: productOfResource(ctx, uri)!,
    }));
    return { step: 'consent', client, company, scopes, resources };
  }
  if (!choice.finish) return { step: 'continue', client };
  return { step: 'redirect', to: await finish(ctx, provider, call, interaction, session, enterpriseId) };
}

/**
 * The person is in: the grant of what the product asked for is made (or extended, when the person had
 * one in this company), linked to the portal session and the company, and the interaction's result
 * waits for the browser at its resume.
 */
async function finish(
  ctx: AppContext,
  provider: Provider,
  call: ScreenCall,
  interaction: Interaction,
  session: Auth,
  enterpriseId: number | null,
): Promise<string> {
  const accountId = String(session.user.id);
  const clientId = String(interaction.params.client_id);
  const grant =
    (await grantInCompany(ctx, provider, interaction.grantId, accountId, enterpriseId)) ??
    new provider.Grant({ accountId, clientId });
  const scopes = requestedScopes(interaction);
  // `product` is one of the provider's scopes as well as the product APIs' scope: without it among the
  // grant's OpenID scopes the provider asks for consent again, and the sign-in goes round in circles
  grant.addOIDCScope(scopes.join(' '));
  const { details } = interaction.prompt;
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims as string[]);
  // the authorization endpoint took each resource only with the `product` scope (resource-access.ts)
  for (const indicator of requestedResources(interaction)) grant.addResourceScope(indicator, PRODUCT_SCOPE);
  const grantId = await grant.save();
  await insertGrantLink(ctx.db, {
    grant_id: grantId,
    client_id: clientId,
    user_id: session.user.id,
    enterprise_id: enterpriseId,
    portal_session_id: session.sessionId,
    expires_at: ctx.now() + GRANT_TTL_MS,
  });
  const result: InteractionResults = {
    login: { ...loginOf(interaction, session), remember: true },
    consent: { grantId },
  };
  return settle(provider, call, result);
}

/** The interaction's result, kept for the browser's resume (whose address this is), nothing merged into it. */
function settle(provider: Provider, { req, res }: ScreenCall, result: InteractionResults): Promise<string> {
  return provider.interactionResult(req, res, result, { mergeWithLastSubmission: false });
}

export async function interactionStep(ctx: AppContext, provider: Provider, call: ScreenCall, session: Auth | null) {
  return nextStep(ctx, provider, call, await findInteraction(provider, call), session, {});
}

/** The screen goes on where nothing was left to ask (`continue`): the sign-in finishes, or shows what changed. */
export async function continueInteraction(ctx: AppContext, provider: Provider, call: ScreenCall, session: Auth) {
  return nextStep(ctx, provider, call, await findInteraction(provider, call), session, { finish: true });
}

export async function chooseInteractionCompany(
  ctx: AppContext,
  provider: Provider,
  call: ScreenCall,
  session: Auth,
  enterpriseId: number,
) {
  return nextStep(ctx, provider, call, await findInteraction(provider, call), session, { enterpriseId, finish: true });
}

export async function consentInteraction(
  ctx: AppContext,
  provider: Provider,
  call: ScreenCall,
  session: Auth,
  enterpriseId: number | undefined,
) {
  const found = await findInteraction(provider, call);
  return nextStep(ctx, provider, call, found, session, { enterpriseId, consented: true, finish: true });
}

/** The person proves it is them for a product that asked for a step-up; the answer is the next step. */
export async function reauthenticateInteraction(
  ctx: AppContext,
  provider: Provider,
  call: ScreenCall,
  caller: SignedInCaller,
  body: ReauthenticateRequest,
) {
  const found = await findInteraction(provider, call);
  await recordProof(ctx, found.interaction, caller, body);
  return nextStep(ctx, provider, call, found, caller.session, { finish: true });
}

/** The person goes back without signing in, in the browser that started it: the product learns `access_denied`. */
export async function abortInteraction(provider: Provider, call: ScreenCall): Promise<AuthorizeStep> {
  await findInteraction(provider, call);
  const to = await settle(provider, call, {
    error: 'access_denied',
    error_description: 'the person did not sign in to the product',
  });
  return { step: 'redirect', to };
}
