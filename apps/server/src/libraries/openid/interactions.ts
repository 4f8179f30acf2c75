import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { AUTHORIZE_SCOPES, type AuthorizeStep } from '@portal/shared/api/authorize';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ProductCode } from '@portal/shared/products';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { listUserEnterprisesWithProducts } from '../../queries/memberships.ts';
import { insertGrantLink } from '../../queries/openid.ts';
import { admitToProduct } from '../account-gate.ts';
import type { Auth } from '../sessions.ts';
import { GRANT_TTL_MS, productOfClient } from './provider.ts';

type Interaction = InstanceType<Provider['Interaction']>;
type Company = { enterpriseId: number; name: string; entitled: boolean };

interface Found {
  interaction: Interaction;
  client: { name: string; productCode: ProductCode; firstParty: boolean };
}

async function findInteraction(provider: Provider, uid: string): Promise<Found> {
  const interaction = await provider.Interaction.find(uid);
  // a finished interaction waits for its resume: it is no longer the person's to change
  if (!interaction || interaction.result) throw new AppError(ErrorCode.NotFound);
  const client = await provider.Client.find(String(interaction.params.client_id));
  const productCode = productOfClient(client);
  if (!client || !productCode) throw new AppError(ErrorCode.NotFound);
  return {
    interaction,
    client: {
      name: client.clientName ?? client.clientId,
      productCode,
      firstParty: client.metadata().first_party === true,
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

/** The product asked for a new sign-in (`prompt=login`) or one recent enough (`max_age`), and the
 *  portal session is older. */
function needsFreshSignIn(ctx: AppContext, interaction: Interaction, session: Auth): boolean {
  const { prompt, params } = interaction;
  if (
    prompt.name === 'login' &&
    prompt.reasons.includes('login_prompt') &&
    session.signedInAt < interaction.iat! * 1000
  ) {
    return true;
  }
  const maxAge = params.max_age === undefined ? undefined : Number(params.max_age);
  return maxAge !== undefined && ctx.now() - session.signedInAt > maxAge * 1000;
}

function requestedScopes(interaction: Interaction): string[] {
  return String(interaction.params.scope ?? '')
    .split(' ')
    .filter(Boolean);
}

interface Choice {
  enterpriseId?: number;
  consented?: boolean;
}

async function nextStep(
  ctx: AppContext,
  provider: Provider,
  { interaction, client }: Found,
  session: Auth | null,
  choice: Choice,
): Promise<AuthorizeStep> {
  if (!session) return { step: 'signIn', client, fresh: false };
  if (needsFreshSignIn(ctx, interaction, session)) return { step: 'signIn', client, fresh: true };

  const companies = await companiesOf(ctx, session.user.id, client.productCode);
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
    return { step: 'consent', client, company, scopes };
  }
  return { step: 'redirect', to: await finish(ctx, provider, interaction, session, enterpriseId) };
}

/**
 * The person is in: the grant of what the product asked for is made (or extended), linked to the
 * portal session and the company, and the interaction's result waits for the browser at its resume.
 */
async function finish(
  ctx: AppContext,
  provider: Provider,
  interaction: Interaction,
  session: Auth,
  enterpriseId: number | null,
): Promise<string> {
  const accountId = String(session.user.id);
  const clientId = String(interaction.params.client_id);
  let grant = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  if (!grant || grant.accountId !== accountId) grant = new provider.Grant({ accountId, clientId });
  const scopes = requestedScopes(interaction);
  // `product` is one of the provider's scopes as well as the product APIs' scope: without it among the
  // grant's OpenID scopes the provider asks for consent again, and the sign-in goes round in circles
  grant.addOIDCScope(scopes.join(' '));
  const { details } = interaction.prompt;
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims as string[]);
  const resource = interaction.params.resource;
  for (const indicator of Array.isArray(resource) ? resource : resource ? [String(resource)] : []) {
    grant.addResourceScope(String(indicator), scopes.includes('product') ? 'product' : '');
  }
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
    login: { accountId, ts: Math.floor(session.signedInAt / 1000), remember: true },
    consent: { grantId },
  };
  return settle(ctx, interaction, result);
}

async function settle(ctx: AppContext, interaction: Interaction, result: InteractionResults): Promise<string> {
  interaction.result = result;
  await interaction.save(Math.max(1, interaction.exp - Math.floor(ctx.now() / 1000)));
  return interaction.returnTo;
}

export async function interactionStep(ctx: AppContext, provider: Provider, uid: string, session: Auth | null) {
  return nextStep(ctx, provider, await findInteraction(provider, uid), session, {});
}

export async function chooseInteractionCompany(
  ctx: AppContext,
  provider: Provider,
  uid: string,
  session: Auth,
  enterpriseId: number,
) {
  return nextStep(ctx, provider, await findInteraction(provider, uid), session, { enterpriseId });
}

export async function consentInteraction(
  ctx: AppContext,
  provider: Provider,
  uid: string,
  session: Auth,
  enterpriseId: number | undefined,
) {
  return nextStep(ctx, provider, await findInteraction(provider, uid), session, { enterpriseId, consented: true });
}

/** The person goes back without signing in: the product learns `access_denied`. */
export async function abortInteraction(ctx: AppContext, provider: Provider, uid: string): Promise<AuthorizeStep> {
  const { interaction } = await findInteraction(provider, uid);
  const to = await settle(ctx, interaction, {
    error: 'access_denied',
    error_description: 'the person did not sign in to the product',
  });
  return { step: 'redirect', to };
}
