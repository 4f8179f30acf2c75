import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { checkWebhookUrl, isRefusedAddress, webhookLookup } from '../../src/libraries/webhooks/address-guard.ts';

const open = { production: false, webhookAllowedHosts: [] as string[] };

async function refusal(config: typeof open, url: string): Promise<number | null> {
  try {
    await checkWebhookUrl(config, url);
    return null;
  } catch (error) {
    // the code alone goes to the caller: which rule refused it stays in the delivery log
    expect((error as { data: unknown }).data).toBeNull();
    return (error as { code: number }).code;
  }
}

/** What the guard's resolver hands a connection for `hostname` when the resolver answers `addresses`. */
function connectTo(hostname: string, addresses: LookupAddress[], allowed: string[] = []) {
  const lookup = webhookLookup({ webhookAllowedHosts: allowed }, (_host, _options, callback) =>
    callback(null, addresses),
  );
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
    ])
      expect(isRefusedAddress(address), address).toBe(true);
    for (const address of ['93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:93.184.215.14'])
      expect(isRefusedAddress(address), address).toBe(false);
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
    const allowed = { production: false, webhookAllowedHosts: ['127.0.0.1'] };
    expect(await refusal(allowed, 'http://127.0.0.1:9000/hook')).toBeNull();
    // allowed by its name only: another name for the same address is still refused
    expect(await refusal(allowed, 'http://localhost:9000/hook')).toBe(ErrorCode.WebhookAddressRefused);
    expect(await refusal({ ...allowed, production: true }, 'http://127.0.0.1:9000/hook')).toBe(
      ErrorCode.WebhookAddressRefused,
    );
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
    // an operator's allowed host resolves as it is; a name not on the list that resolves to it does not
    expect(
      (await connectTo('receiver.internal', [{ address: '10.0.0.5', family: 4 }], ['receiver.internal'])).error,
    ).toBeNull();
    expect((await connectTo('other.internal', [{ address: '10.0.0.5', family: 4 }], ['receiver.internal'])).error).toBe(
      'EWEBHOOKADDRESS',
    );
  });
});
