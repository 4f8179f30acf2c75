import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { ConfigError, loadConfig } from '../../src/config.ts';
import {
  checkWebhookUrl,
  isRefusedAddress,
  webhookLookup,
} from '../../src/libraries/integrations/webhooks/address-guard.ts';
import { type AllowedHost, parseAllowedHosts } from '../../src/libraries/integrations/webhooks/allowed-hosts.ts';

const open = { production: false, webhookAllowedHosts: [] as AllowedHost[] };
/** An operator's WEBHOOK_ALLOWED_HOSTS, as the server reads it outside production. */
const allowing = (raw: string, production = false) => ({
  production,
  webhookAllowedHosts: parseAllowedHosts(raw, production),
});

/** The IPv6 forms that carry an IPv4 address, or reach inside the network, spelt as a resolver or a URL has them. */
const EMBEDDING_FORMS = [
  '::ffff:0:127.0.0.1', // IPv4-translated (SIIT), ::ffff:0:0:0/96
  '::ffff:0:a9fe:a9fe',
  '64:ff9b:1::7f00:1', // local-use NAT64, 64:ff9b:1::/48
  '64:ff9b:1:ffff::a9fe:a9fe',
  '2002:7f00:1::', // 6to4 of 127.0.0.1, 2002::/16
  '2002:a9fe:a9fe::1', // 6to4 of the metadata service
  '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, 2001::/32 (its client 127.0.0.1)
  '2001::1',
  '100::1', // discard-only, 100::/64
  'fec0::1', // site-local, fec0::/10
  'feff:ffff::1',
];

async function refusal(config: typeof open, url: string, company: string | null = null): Promise<number | null> {
  try {
    await checkWebhookUrl(config, url, company);
    return null;
  } catch (error) {
    // the code alone goes to the caller: which rule refused it stays in the delivery log
    expect((error as { data: unknown }).data).toBeNull();
    return (error as { code: number }).code;
  }
}

/** What the guard's resolver hands a connection for `hostname` when the resolver answers `addresses`. */
function connectTo(hostname: string, addresses: LookupAddress[], allowed = false) {
  const lookup = webhookLookup(allowed, (_host, _options, callback) => callback(null, addresses));
  return new Promise<{ error: string | null; address: unknown }>((resolve) =>
    lookup(hostname, { all: true }, (error, address) => resolve({ error: error?.code ?? null, address })),
  );
}

/** The webhook address guard: what a webhook may never reach, at creation and at connect time. */
describe('the webhook address guard', () => {
  it('refuses loopback, private, link-local, metadata, CGNAT, multicast and unspecified addresses in every form', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '::127.0.0.1',
      ...EMBEDDING_FORMS,
    ])
      expect(isRefusedAddress(address), address).toBe(true);
    for (const address of [
      '93.184.215.14',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:93.184.215.14',
      // a public IPv4 address through the well-known NAT64 prefix, and ranges beside the refused ones
      '64:ff9b::5db8:d70e',
      '2001:4860:4860::8888',
      '2003::1',
      '100:0:0:1::1',
    ])
      expect(isRefusedAddress(address), address).toBe(false);
  });

  it('refuses every IPv6 form that embeds IPv4, and site-local, when an endpoint is saved and when it connects', async () => {
    for (const address of EMBEDDING_FORMS) {
      expect(await refusal(open, `https://[${address}]/hook`), address).toBe(ErrorCode.WebhookAddressRefused);
      expect((await connectTo('hooks.example.com', [{ address, family: 6 }])).error, address).toBe('EWEBHOOKADDRESS');
    }
  });

  it('refuses at creation a URL whose host is, or resolves to, such an address', async () => {
    for (const url of [
      'http://localhost/hook',
      'http://LOCALHOST./hook',
      'http://api.localhost/',
      'http://127.0.0.1:8080/',
      'http://2130706433/',
      'http://0x7f.1/',
      'https://169.254.169.254/latest/meta-data',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://10.0.0.1/',
      'http://[fe80::1]/',
      'ftp://example.com/',
      'not a url',
    ])
      expect(await refusal(open, url), url).toBe(ErrorCode.WebhookAddressRefused);
    expect(await refusal(open, 'https://93.184.215.14/hook')).toBeNull();
  });

  it('refuses plain http in production, and lets the operator allow a host by name', async () => {
    expect(await refusal({ ...open, production: true }, 'http://93.184.215.14/')).toBe(ErrorCode.WebhookAddressRefused);
    expect(await refusal({ ...open, production: true }, 'https://93.184.215.14/')).toBeNull();
    const allowed = allowing('127.0.0.1:9000');
    expect(await refusal(allowed, 'http://127.0.0.1:9000/hook')).toBeNull();
    // allowed by its name only: another name for the same address is still refused
    expect(await refusal(allowed, 'http://localhost:9000/hook')).toBe(ErrorCode.WebhookAddressRefused);
    expect(await refusal({ ...allowed, production: true }, 'http://127.0.0.1:9000/hook')).toBe(
      ErrorCode.WebhookAddressRefused,
    );
  });

  it('allows a host on its named port alone, and on the default port when it names none', async () => {
    const allowed = allowing('10.0.0.9:8443, 10.0.0.5, [fd00::5]:9000');
    expect(await refusal(allowed, 'https://10.0.0.9:8443/hook')).toBeNull();
    for (const url of ['https://10.0.0.9/hook', 'https://10.0.0.9:8444/', 'http://10.0.0.9/'])
      expect(await refusal(allowed, url), url).toBe(ErrorCode.WebhookAddressRefused);
    // a host alone: 443 for https, 80 for http, and no other
    expect(await refusal(allowed, 'https://10.0.0.5/hook')).toBeNull();
    expect(await refusal(allowed, 'https://10.0.0.5:443/hook')).toBeNull();
    expect(await refusal(allowed, 'http://10.0.0.5/hook')).toBeNull();
    for (const url of ['https://10.0.0.5:8080/', 'http://10.0.0.5:443/', 'https://10.0.0.5:22/'])
      expect(await refusal(allowed, url), url).toBe(ErrorCode.WebhookAddressRefused);
    expect(await refusal(allowed, 'https://[fd00::5]:9000/')).toBeNull();
    expect(await refusal(allowed, 'https://[fd00::5]/')).toBe(ErrorCode.WebhookAddressRefused);
  });

  it("allows an entry that names companies for their endpoints alone, never for a product's", async () => {
    const allowed = allowing('127.0.0.1:9000@acme|globex,10.0.0.7:8080');
    expect(await refusal(allowed, 'http://127.0.0.1:9000/hook', 'acme')).toBeNull();
    expect(await refusal(allowed, 'http://127.0.0.1:9000/hook', 'globex')).toBeNull();
    expect(await refusal(allowed, 'http://127.0.0.1:9000/hook', 'initech')).toBe(ErrorCode.WebhookAddressRefused);
    expect(await refusal(allowed, 'http://127.0.0.1:9000/hook', null)).toBe(ErrorCode.WebhookAddressRefused);
    expect(await refusal(allowed, 'http://127.0.0.1:9001/hook', 'acme')).toBe(ErrorCode.WebhookAddressRefused);
    expect(await refusal(allowed, 'http://10.0.0.7:8080/hook', 'initech')).toBeNull();
    expect(await refusal(allowed, 'http://10.0.0.7:8080/hook', null)).toBeNull();
  });

  it('reads WEBHOOK_ALLOWED_HOSTS at start, and refuses a wrong entry or a metadata one for every company, naming it', () => {
    expect(parseAllowedHosts(' Receiver.Internal:8443@acme|Globex , [::1]:9000 ,,2130706433:80@acme', false)).toEqual([
      { host: 'receiver.internal', port: 8443, companies: ['acme', 'globex'] },
      { host: '::1', port: 9000, companies: null },
      // another spelling of 127.0.0.1, as a URL reads it
      { host: '127.0.0.1', port: 80, companies: ['acme'] },
    ]);
    expect(parseAllowedHosts('127.0.0.1:*', false)).toEqual([{ host: '127.0.0.1', port: '*', companies: null }]);
    for (const [raw, why] of [
      ['169.254.169.254', /"169.254.169.254" is a cloud metadata address: allow it only for the companies it is for/],
      ['[fe80::1]:80', /is a cloud metadata address/],
      ['metadata.google.internal:80', /is a cloud metadata address/],
      ['receiver.internal:0', /has a port that is not 1-65535 or \*/],
      ['receiver.internal:99999', /has a port that is not/],
      ['receiver.internal:https', /has a port that is not/],
      ['::1', /is an IPv6 address without brackets/],
      ['[::1', /opens a bracket it does not close/],
      ['receiver.internal/hooks', /is not a host name or IP address/],
      ['receiver.internal@a', /names "a", which is not a company domain/],
      ['receiver.internal@acme@globex', /has more than one @/],
    ] as const) {
      expect(() => parseAllowedHosts(raw, false), raw).toThrow(why);
      expect(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: raw }), raw).toThrow(ConfigError);
    }
    // a metadata address for the companies that run their receiver there
    expect(parseAllowedHosts('169.254.169.254:80@acme', true)).toEqual([
      { host: '169.254.169.254', port: 80, companies: ['acme'] },
    ]);
  });

  it("starts production with neither the portal's own machine nor the metadata service open to every company", () => {
    for (const raw of [
      'localhost',
      '127.0.0.1:8080',
      '[::1]:9000',
      'api.localhost',
      '169.254.169.254',
      'localhost,169.254.169.254',
    ])
      expect(() => parseAllowedHosts(raw, true), raw).toThrow(/allow it only for the companies it is for/);
    expect(() => parseAllowedHosts('receiver.internal:*', true)).toThrow(
      /opens every port \(\*\), which production refuses/,
    );
    expect(parseAllowedHosts('127.0.0.1:8080@acme, receiver.internal:8443', true)).toEqual([
      { host: '127.0.0.1', port: 8080, companies: ['acme'] },
      { host: 'receiver.internal', port: 8443, companies: null },
    ]);
  });

  it('gives a connection no private address, whatever the name resolved to when it was checked', async () => {
    const rebound = await connectTo('hooks.example.com', [
      { address: '93.184.215.14', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ]);
    expect(rebound.error).toBe('EWEBHOOKADDRESS');
    expect((await connectTo('hooks.example.com', [{ address: '::ffff:10.1.2.3', family: 6 }])).error).toBe(
      'EWEBHOOKADDRESS',
    );
    const publicOne = await connectTo('hooks.example.com', [{ address: '93.184.215.14', family: 4 }]);
    expect(publicOne).toEqual({ error: null, address: [{ address: '93.184.215.14', family: 4 }] });
    // a target the operator allows resolves as it is; any other that resolves to it does not
    expect((await connectTo('receiver.internal', [{ address: '10.0.0.5', family: 4 }], true)).error).toBeNull();
    expect((await connectTo('other.internal', [{ address: '10.0.0.5', family: 4 }])).error).toBe('EWEBHOOKADDRESS');
  });
});
