import { z } from 'zod';
import { PRODUCT_CODES } from '../products.ts';
import { requestString } from '../validation/rules.ts';

/**
 * A product signing a person in through the portal's OpenID provider: the steps of its interaction
 * (docs/openid-provider.md#interaction). The screen asks the server for the next step and follows it.
 */
export { AUTHORIZE_SCREEN_PATH, INTERACTION_QUERY } from './authorize-screen.ts';

export const interactionParamsSchema = z.strictObject({ uid: requestString().max(100) });

export const authorizeClientSchema = z.object({
  name: z.string(),
  productCode: z.enum(PRODUCT_CODES as [string, ...string[]]),
  /** One of the platform's own products: it asks for no consent. */
  firstParty: z.boolean(),
});

export const authorizeCompanySchema = z.object({
  enterpriseId: z.number().int(),
  name: z.string(),
  /** The company has the right to the client's product. */
  entitled: z.boolean(),
});

export const AUTHORIZE_SCOPES = [
  'openid',
  'offline_access',
  'profile',
  'email',
  'phone',
  'company',
  'product',
] as const;

/** The proofs of a step-up: the password, a code of the authenticator app (or a recovery code), or a
 *  passkey of the account (with user verification: two factors in one). */
export const REAUTHENTICATION_METHODS = ['password', 'code', 'passkey'] as const;
export type ReauthenticationMethod = (typeof REAUTHENTICATION_METHODS)[number];

export const authorizeStepSchema = z.discriminatedUnion('step', [
  /** Nobody is signed in, or the product asked for a new sign-in (`prompt=login`, `max_age`). */
  z.object({ step: z.literal('signIn'), client: authorizeClientSchema, fresh: z.boolean() }),
  /** The product asked for a new proof (`prompt=login`, `max_age`) or two factors (`acr_values`): the
   *  person proves it is them with one of `methods` (`POST .../reauthenticate`), staying signed in.
   *  With `secondFactor` each of `methods` is wanted, one after the other (or a passkey alone).
   *  `noSecondFactor`: the product asked for two factors and the person has no second one to give
   *  (no two-step sign-in, no passkey); the screen tells how to get one. */
  z.object({
    step: z.literal('reauthenticate'),
    client: authorizeClientSchema,
    methods: z.array(z.enum(REAUTHENTICATION_METHODS)),
    secondFactor: z.boolean(),
    noSecondFactor: z.boolean(),
  }),
  /** A company of the person requires two-step sign-in, and it is not set up yet. */
  z.object({ step: z.literal('twoStepSetup'), client: authorizeClientSchema }),
  z.object({ step: z.literal('company'), client: authorizeClientSchema, companies: z.array(authorizeCompanySchema) }),
  /** Nothing is left to ask: the screen goes on (`POST .../continue`), which finishes the sign-in.
   *  Asking for the step never finishes it. */
  z.object({ step: z.literal('continue'), client: authorizeClientSchema }),
  z.object({
    step: z.literal('consent'),
    client: authorizeClientSchema,
    company: authorizeCompanySchema.nullable(),
    scopes: z.array(z.enum(AUTHORIZE_SCOPES)),
    /** The products' APIs (resource indicators) the `product` scope would open to the client. */
    resources: z.array(z.object({ uri: z.string(), productCode: z.enum(PRODUCT_CODES as [string, ...string[]]) })),
  }),
  /** The company has no right to the product: the person may go back to it (which then learns
   *  `access_denied`) or choose another company. */
  z.object({
    step: z.literal('denied'),
    client: authorizeClientSchema,
    company: authorizeCompanySchema.nullable(),
    otherCompanies: z.boolean(),
  }),
  /** Done: the browser goes on to this address of the provider, which answers the product. */
  z.object({ step: z.literal('redirect'), to: z.string() }),
]);
export type AuthorizeStep = z.infer<typeof authorizeStepSchema>;

export const chooseCompanySchema = z.strictObject({ enterpriseId: z.number().int().positive() });
