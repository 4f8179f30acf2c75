import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  type jsonSchemaTransform,
} from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { type CallDeclaration, codesOf, sessionNeedOf } from '@portal/shared/api/contract/define';
import { ACCOUNT_PREFIX, API_PREFIX, FRONT_PREFIX, SETTINGS_PREFIX } from '@portal/shared/api/contract/prefixes';
import { businessFailureEnvelopeSchema } from '@portal/shared/api/envelope';
import { errorMessageKey } from '@portal/shared/errors/error-codes';
import { FAILURE_DATA } from '@portal/shared/errors/error-data';
import { translate } from '@portal/shared/locales/catalog';
import type { Config } from '../config.ts';
import { OPENID_SCHEMAS, OPENID_SECURITY_SCHEMES, openidPaths } from './openid-paths.ts';
import { contentSecurityPolicy } from './security-headers.ts';
import { type FailureStatus, failureAnswers } from './validation.ts';

declare module 'fastify' {
  interface FastifySchema {
    /** The body of a call that reads its request itself (the icon upload's multipart parts): described
     *  in the API description, never validated by Fastify. */
    uploadBody?: ZodType;
  }
}

const API_DOCS_PATH = `${API_PREFIX}/docs`;

/** The Swagger UI page: its own scripts only, its styles and those it sets inline while rendering,
 *  images its styles embed as data: URLs, and the description it reads from this server. */
const API_DOCS_POLICY = contentSecurityPolicy({
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
});

/** Schemas that nearly every call answers, described once under `components` and referenced. */
const SHARED_ANSWERS: [ZodType, string][] = [
  ...Object.entries(FAILURE_DATA).map(([code, schema]): [ZodType, string] => [schema, `FailureData${code}`]),
  [businessFailureEnvelopeSchema, 'BusinessRejection'],
];
const components = z.registry<{ id: string }>();
for (const [schema, id] of SHARED_ANSWERS) components.add(schema, { id });
const toOpenapi = createJsonSchemaTransform({ schemaRegistry: components });
const withComponents = createJsonSchemaTransformObject({ schemaRegistry: components });

/** The zod provider describes each registered schema as a request part too (`<id>Input`); these
 *  are answers only, and an unused component would be noise. The OpenID provider's endpoints, which
 *  are no declared calls, join the declared ones here (openid-paths.ts). */
const describeDocument =
  (issuer: string): SwaggerTransformObject =>
  (document) => {
    const openapi = withComponents(document);
    if (!('components' in openapi)) return openapi;
    const { schemas } = openapi.components ?? {};
    for (const [, id] of SHARED_ANSWERS) delete schemas?.[`${id}Input`];
    return {
      ...openapi,
      paths: { ...openapi.paths, ...openidPaths(issuer) },
      components: {
        ...openapi.components,
        schemas: { ...schemas, ...OPENID_SCHEMAS },
        securitySchemes: { ...openapi.components?.securitySchemes, ...OPENID_SECURITY_SCHEMES },
      },
    };
  };

const TAGS = [
  { name: 'sign-in', description: 'Sign-in and sign-out, and the signed-in user.' },
  { name: 'codes', description: 'Verification codes by SMS and email, and the tickets that prove a phone or email.' },
  {
    name: 'registration',
    description: 'Invitation links and registration: new companies, new members, personal accounts.',
  },
  { name: 'portal', description: "The home page: the user's companies, their products, the current company." },
  { name: 'personal', description: 'The personal centre and the account: name, phone, email, password, language.' },
  { name: 'account-security', description: "The person's own two-step sign-in, sessions and passkeys." },
  {
    name: 'settings',
    description: "The settings centre: a company's branding, members, departments and invitation links.",
  },
  {
    name: 'openid',
    description:
      "The OpenID provider: the portal's screen of a product's sign-in, and the provider's own endpoints (docs/openid-provider.md).",
  },
  {
    name: 'authzen',
    description:
      "The decision point for products (OpenID AuthZEN Authorization API 1.0): who may do what on a site. A success is AuthZEN's own body, not the envelope (docs/site-grants.md#decisions).",
  },
  { name: 'operations', description: 'Probes for orchestrators and load balancers.' },
  { name: 'development', description: 'Aids for development; never present with `NODE_ENV=production`.' },
];

/** A stable, unique name from the method and the path below its base: `POST F/user/login` is `postUserLogin`,
 *  `GET S/audit/events.csv` `getAuditEventsCsv`; a protocol's version in its path is left out
 *  (`POST /access/v1/evaluation` is `postAccessEvaluation`). */
function operationIdOf(method: string, url: string): string {
  const base =
    [FRONT_PREFIX, ACCOUNT_PREFIX, SETTINGS_PREFIX, API_PREFIX].find((prefix) => url.startsWith(`${prefix}/`)) ?? '';
  const words = url
    .slice(base.length)
    .split(/[/.-]/)
    .filter((word) => word && !word.startsWith(':') && !/^v\d+$/.test(word));
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** Who may call: a call with a required session takes the document's bearer requirement; one that
 *  only reads a session when there is one may go without; any other needs none. */
function securityOf(route: RouteOptions): Record<string, string[]>[] | undefined {
  const call = route.config?.call;
  const auth = call && sessionNeedOf(call);
  // an administrator's call that a company API key of its scope may make instead
  if (call?.apiKey) return [{ bearer: [] }, { apiKey: [call.apiKey] }];
  // a product's client: its id and secret, or an access token the provider issued to it
  if (call?.audience === 'productClient') return [{ clientSecretBasic: [] }, { accessToken: [] }];
  if (auth === 'required') return undefined;
  if (auth === 'optional') return [{}, { bearer: [] }];
  return [];
}

/** The codes a declared call may answer, each with its message, after the call's own description. */
function describeCodes(call: CallDeclaration): string {
  const codes = codesOf(call).map((code) => `\`${code}\` ${translate('en-US', errorMessageKey(code))}`);
  return `${call.description ? `${call.description}\n\n` : ''}Codes besides 0: ${codes.join('; ')}.`;
}

/** The rejections any call of the route's kind can answer, with their own HTTP statuses. */
function commonFailuresOf(route: RouteOptions): FailureStatus[] {
  const statuses: FailureStatus[] = [400, 500, 503];
  if ([route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD')) statuses.push(415);
  if (route.config?.rateLimit !== false) statuses.push(429);
  return statuses;
}

/**
 * The description of each call derives from the route itself: its name from its path, its security
 * from its session requirement, and the rejections its kind of call can answer (those only some calls
 * answer, such as 403 or 413, their schemas declare).
 */
const describeRoute: typeof jsonSchemaTransform = (document) => {
  if (!document.schema || document.schema.hide) return toOpenapi(document);
  const route = document.route as RouteOptions;
  const { uploadBody, ...schema } = document.schema;
  const security = securityOf(route);
  const call = route.config?.call;
  // a declared call's schema already holds every answer its declaration allows
  const common = call ? {} : failureAnswers(...commonFailuresOf(route));
  return toOpenapi({
    ...document,
    schema: {
      operationId: operationIdOf([route.method].flat()[0]!, document.url),
      ...(security ? { security } : {}),
      ...schema,
      ...(call ? { description: describeCodes(call), 'x-codes': codesOf(call) } : {}),
      ...(uploadBody ? { body: uploadBody } : {}),
      response: { ...common, ...(schema.response as object) },
    },
  });
};

/** The OpenAPI description at /api/docs/json and its browser at /api/docs: on unless `API_DOCS=0`,
 *  off in production unless `API_DOCS=1`. Registered before the routes, which it collects. */
export const openapiPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  if (!config.apiDocs) return;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Energy portal API',
        version: '4',
        description:
          'Every response is the envelope `{ code, msg, data }`; `code: 0` is success, any other code is a catalogue code (listed, with its meaning, in docs/errors.md of the repository). Business rejections answer HTTP 200 with their code and their own `data`; the others have their own HTTP status.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: config.publicUrl, description: 'This installation (`PUBLIC_URL`)' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          // the decision point's calls take a client's credentials or token, as the provider's endpoints do
          ...OPENID_SECURITY_SCHEMES,
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A company API key (`pak_...`), made in the settings centre: it makes the calls that name its scope (`manage` includes reading), for the company, and no other (1009201). `members.manage` manages members only: the administrator role and administrators stay with a person (1009200). It ends when the administrator who made it stops being one. Rate limited per key.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: describeRoute,
    transformObject: describeDocument(config.oidcIssuer),
  });
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, contentSecurityPolicy: API_DOCS_POLICY };
    });
    await docs.register(swaggerUi, { routePrefix: API_DOCS_PATH });
  });
});
