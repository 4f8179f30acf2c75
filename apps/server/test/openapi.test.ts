import type { AddressInfo } from 'node:net';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { API_PREFIX, SETTINGS_PREFIX } from '@portal/shared/api/contract/prefixes';
import { ConfigError, loadConfig } from '../src/config.ts';
import { DISCOVERY_PATH, OIDC_ROUTES } from '../src/libraries/openid/provider.ts';
import { PROVIDER_PATHS, declaredOperations, documentedPath } from './support/api-document.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

/** What production requires besides NODE_ENV: real transports (never used by these tests). */
const PRODUCTION = {
  NODE_ENV: 'production',
  PORTAL_DEV_OUTBOX: '0',
  SMTP_URL: 'smtp://mail.energy.test:587',
  MAIL_FROM: 'portal@energy.test',
  SMS_WEBHOOK_URL: 'https://sms.energy.test/send',
  TOTP_SECRET_KEY: '5e0b8d27c4a91f63e8d05b7a2c49f1e06d3b8a75c2e49f10b6d8a3e71c5f2940',
  OIDC_KEYS_SECRET: 'c81f4a6e09d27b53f8e1a4c60b9d72e35a1f8c4e07b26d93e5a0c8f14b7d2e69',
  OUTBOX_SECRET: 'e3b7a91c4f06d258b1e7c3a09f5d4862a7c1e0b39d84f25a6c0e17b3d9a4f852',
  PUBLIC_URL: 'https://portal.energy.test',
};

/** The OpenID provider's endpoints: described by the standards they follow, not as declared calls. */

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  description?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> };
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}

describe(`the OpenAPI description (${ENGINE})`, () => {
  let t: TestApp;
  let document: {
    paths: Record<string, Record<string, Operation>>;
    servers: { url: string }[];
    components: { securitySchemes: Record<string, unknown> };
  };
  let source: string;

  beforeAll(async () => {
    // a public origin as an installation has one (the rules refuse localhost as a server)
    t = await startTestApp({ PUBLIC_URL: 'https://portal.energy.test' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${API_PREFIX}/docs/json`);
    expect(response.status).toBe(200);
    source = await response.text();
    document = JSON.parse(source);
  });
  afterAll(async () => t?.close());

  const operations = () =>
    declaredOperations(document).map(({ method, path, operation }) => ({ name: `${method} ${path}`, operation }));

  it("lints clean with Redocly's recommended rules: no error, no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    // discovery and the key set answer every GET: a rule that wants a 4xx answer of each has none to find
    const noRefusals = ['getOpenidConfiguration', 'getOidcJwks'].map((id) => {
      const path = Object.keys(document.paths).find((p) => document.paths[p]!.get?.operationId === id)!;
      return `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/get/responses`;
    });
    const report = problems
      .filter((p) => !(p.ruleId === 'operation-4xx-response' && noRefusals.includes(p.location[0]!.pointer!)))
      .map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`);
    expect(report).toEqual([]);
  });

  it('names the server, and documents every call with its answer and its rejections', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: 'https://portal.energy.test' })]);
    expect(operations().length).toBeGreaterThan(40);
    for (const { name, operation } of operations()) {
      expect(operation.operationId, name).toMatch(/^(get|post)[A-Z][A-Za-z]*$/);
      expect(operation.responses['200']?.content, `${name} describes its answer`).toBeDefined();
      for (const status of ['400', '500', '503']) expect(Object.keys(operation.responses), name).toContain(status);
    }
  });

  it("lists the OpenID provider's endpoints under the openid tag, on the issuer, pointing to discovery", () => {
    const listed = Object.entries(document.paths)
      .filter(([path]) => PROVIDER_PATHS.includes(path))
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method]) => method === 'get' || method === 'post')
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
    expect(listed.sort()).toEqual(
      [
        'GET /.well-known/openid-configuration',
        'GET /oidc/auth',
        'POST /oidc/token',
        'GET /oidc/me',
        'POST /oidc/me',
        'GET /oidc/jwks',
        'GET /oidc/session/end',
        'POST /oidc/token/revocation',
        'POST /oidc/token/introspection',
        'POST /oidc/device/auth',
        'GET /oidc/device',
        'POST /oidc/device',
      ].sort(),
    );
    for (const path of PROVIDER_PATHS) {
      // a path's own servers sit beside its operations
      const { servers, ...methods } = document.paths[path] as Record<string, unknown>;
      expect(servers, path).toEqual([expect.objectContaining({ url: 'https://portal.energy.test' })]);
      for (const operation of Object.values(methods as Record<string, Operation>)) {
        expect(operation.tags, path).toEqual(['openid']);
        expect(operation.summary, path).toEqual(expect.any(String));
        expect(operation.description, path).toContain('/.well-known/openid-configuration');
      }
    }
    expect(document.paths[OIDC_ROUTES.token]!.post!.security).toEqual([{ clientSecretBasic: [] }, {}]);
    expect(document.paths[OIDC_ROUTES.userinfo]!.get!.security).toEqual([{ accessToken: [] }]);
    expect(document.paths[DISCOVERY_PATH]!.get!.security).toEqual([]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'accessToken',
      'apiKey',
      'bearer',
      'clientSecretBasic',
    ]);
  });

  it('asks for the session exactly where a call needs one', () => {
    const operation = (path: string, method = 'post') => document.paths[path]![method]!;
    // no session: no requirement at all
    for (const [path, method] of [
      [contract.login.path, 'post'],
      [contract.forgetPassword.path, 'post'],
      [contract.adminSignUp.path, 'post'],
      [documentedPath(contract.companyIcon), 'get'],
      [contract.health.path, 'get'],
    ] as const) {
      expect(operation(path, method).security, path).toEqual([]);
    }
    // a session when there is one
    expect(operation(contract.sendSms.path).security).toEqual([{}, { bearer: [] }]);
    expect(operation(contract.personalization.path, 'get').security).toEqual([{}, { bearer: [] }]);
    expect(operation(documentedPath(contract.referralInfo), 'get').security).toEqual([{}, { bearer: [] }]);
    // the document's bearer requirement, and 401 without it
    for (const [path, method] of [
      [contract.currentUser.path, 'get'],
      [contract.updatePassword.path, 'post'],
      [contract.security.path, 'get'],
    ] as const) {
      expect(operation(path, method).security, path).toBeUndefined();
      expect(Object.keys(operation(path, method).responses), path).toContain('401');
    }
    // a session, or a company API key of the call's scope
    expect(operation(contract.members.path, 'get').security).toEqual([{ bearer: [] }, { apiKey: ['members.read'] }]);
    expect(operation(contract.createMember.path).security).toEqual([{ bearer: [] }, { apiKey: ['members.manage'] }]);
    expect(operation(contract.apiKeys.path, 'get').security).toBeUndefined();
    expect(Object.keys(operation(contract.login.path).responses)).not.toContain('401');
  });

  it("describes the settings centre's refusals and the icon upload's multipart body", () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      if (!path.startsWith(`${SETTINGS_PREFIX}/enterprise/`) || path.includes('/personalization/query')) continue;
      if (path.includes('/personalization/icon/')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain('403');
      }
    }
    const upload = document.paths[contract.uploadIcon.path]!.post!;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(upload.requestBody!.content['multipart/form-data']!.schema.properties!.file!.format).toBe('binary');
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['403', '413', '415']));
  });
});

describe(`${API_PREFIX}/docs by environment (${ENGINE})`, () => {
  const docs = async (env: Record<string, string>) => {
    const t = await startTestApp(env);
    try {
      const json = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` });
      const page = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs` });
      return { json: [json.statusCode, json.json().code], page: page.statusCode };
    } finally {
      await t.close();
    }
  };

  it('is off in production, as an unknown path', async () => {
    expect(await docs(PRODUCTION)).toEqual({ json: [404, 1000404], page: 404 });
  });

  it('is on in production with API_DOCS=1, and off elsewhere with API_DOCS=0', async () => {
    const on = await docs({ ...PRODUCTION, API_DOCS: '1' });
    expect(on.json[0]).toBe(200);
    expect(on.page).toBeLessThan(400);
    expect(await docs({ API_DOCS: '0' })).toEqual({ json: [404, 1000404], page: 404 });
  });

  it('defaults to on outside production and refuses a value it does not know', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: '' }).apiDocs).toBe(true);
    expect(loadConfig(PRODUCTION).apiDocs).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });
});
