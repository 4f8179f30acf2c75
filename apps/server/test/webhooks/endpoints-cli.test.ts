import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@portal/shared/api/integrations';
import { runCli } from '../../src/cli.ts';
import { recordEvent } from '../../src/libraries/integrations/events/record-event.ts';
import { companyTransaction } from '../../src/libraries/platform/company-transaction.ts';
import { unseal } from '../../src/libraries/platform/secrets.ts';
import { createCompany } from '../support/fixtures.ts';
import { ENGINE, type TestApp, startTestApp } from '../support/test-app.ts';

const OUTBOX_SECRET = randomBytes(32).toString('hex');
const RECEIVER = 'https://receiver.example.test';
const FAR_FUTURE = 4_102_444_800_000;

describe(`operator command line: a product's webhook endpoint (${ENGINE})`, () => {
  let t: TestApp;
  const { PORT: _port, PUBLIC_URL: _publicUrl, ...environment } = process.env;

  /** The command line against the app's database, in this process, with the servers' settings. */
  async function portal(...args: string[]) {
    const database = t.testDb.config;
    let stdout = '';
    let stderr = '';
    const exitCode = await runCli(args, {
      env: {
        ...environment,
        DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.file}` : database.url,
        LOG_LEVEL: 'silent',
        OUTBOX_SECRET,
        WEBHOOK_ALLOWED_HOSTS: 'receiver.example.test',
      },
      stdout: { write: (text) => (stdout += text) },
      stderr: { write: (text) => (stderr += text) },
    });
    return { exitCode, stdout, stderr };
  }

  const db = () => t.app.ctx.db;
  const endpointOf = (clientId: string) =>
    db().selectFrom('webhook_endpoints').selectAll().where('client_id', '=', clientId).executeTakeFirst();

  beforeAll(async () => {
    t = await startTestApp({ OUTBOX_SECRET, WEBHOOK_ALLOWED_HOSTS: 'receiver.example.test' });
    const added = await portal(
      'clients',
      'add',
      '--product',
      'esguard',
      '--environment',
      'hooks',
      '--redirect-uri',
      'https://es.example.test/callback',
    );
    expect(added.exitCode, added.stderr).toBe(0);
  });
  afterAll(async () => t?.close());

  it("set-events gives the product an endpoint, prints its secret once, and the product's companies' events reach it", async () => {
    const set = await portal(
      'clients',
      'set-events',
      'esguard-hooks',
      '--url',
      `${RECEIVER}/portal-events`,
      '--event',
      'member.left',
      '--event',
      'company.product_rights_changed',
      '--json',
    );
    expect(set.exitCode, set.stderr).toBe(0);
    const answer = JSON.parse(set.stdout);
    expect(answer.endpoint).toEqual({
      clientId: 'esguard-hooks',
      url: `${RECEIVER}/portal-events`,
      eventTypes: ['member.left', 'company.product_rights_changed'],
      status: 'enabled',
    });
    expect(answer.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const row = (await endpointOf('esguard-hooks'))!;
    expect(row).toMatchObject({ enterprise_id: null, disabled_at: null });
    expect(row.secret).not.toContain(answer.secret);
    expect(unseal(Buffer.from(OUTBOX_SECRET, 'hex'), row.secret, 'OUTBOX_SECRET')).toBe(answer.secret);

    // a company holding the product: its member leaving is queued for the product's endpoint
    const holder = await createCompany(t.app, { products: ['esguard'] });
    const other = await createCompany(t.app, { products: ['settcntr'] });
    // recorded in one transaction that also holds what it queued back, so that no worker tries it
    // (nothing listens there) while the test changes the endpoint
    await companyTransaction(t.app.ctx, [holder.enterpriseId, other.enterpriseId], async (trx) => {
      for (const { enterpriseId } of [holder, other])
        await recordEvent(t.app.ctx, trx, { enterpriseId, type: 'member.left', data: { userId: 5, role: 'member' } });
      // a type it did not ask for is not queued
      await recordEvent(t.app.ctx, trx, {
        enterpriseId: holder.enterpriseId,
        type: 'invitation.revoked',
        data: { invitationId: 3 },
      });
      await trx.updateTable('outbox').set({ next_at: FAR_FUTURE }).where('endpoint_id', '=', row.id).execute();
    });
    const queued = await db()
      .selectFrom('outbox as o')
      .innerJoin('events as e', 'e.id', 'o.event_id')
      .select(['e.enterprise_id', 'e.type', 'o.ordering_key'])
      .where('o.endpoint_id', '=', row.id)
      .execute();
    expect(queued).toEqual([
      { enterprise_id: holder.enterpriseId, type: 'member.left', ordering_key: `endpoint:${row.id}` },
    ]);

    // set again: the new URL and types, the same secret, and on again after the portal turned it off
    await db()
      .updateTable('webhook_endpoints')
      .set({ disabled_at: t.app.ctx.now(), disabled_reason: 'failing', failing_since: 1 })
      .where('id', '=', row.id)
      .execute();
    // the operator's list shows the endpoint beside its client, and that the portal turned it off
    const listed = await portal('clients', 'list');
    expect(listed.exitCode, listed.stderr).toBe(0);
    const block = listed.stdout.slice(listed.stdout.indexOf('esguard-hooks'));
    expect(block).toMatch(
      new RegExp(`webhook endpoint: +${RECEIVER}/portal-events \\(2 event types, OFF: its deliveries kept failing\\)`),
    );
    const listedJson = JSON.parse((await portal('clients', 'list', '--json')).stdout);
    expect(listedJson.clients.find((c: { clientId: string }) => c.clientId === 'esguard-hooks').events).toEqual({
      clientId: 'esguard-hooks',
      url: `${RECEIVER}/portal-events`,
      eventTypes: ['member.left', 'company.product_rights_changed'],
      status: 'failing',
    });
    const reset = await portal('clients', 'set-events', 'esguard-hooks', '--url', `${RECEIVER}/v2`);
    expect(reset.exitCode, reset.stderr).toBe(0);
    expect(reset.stdout).toContain(`${RECEIVER}/v2`);
    expect(reset.stdout).toContain('signing secret unchanged');
    expect(reset.stdout).not.toContain('whsec_');
    const changed = (await endpointOf('esguard-hooks'))!;
    expect(changed).toMatchObject({
      id: row.id,
      url: `${RECEIVER}/v2`,
      secret: row.secret,
      disabled_at: null,
      disabled_reason: null,
      failing_since: null,
    });
    // no --event: every type
    expect(JSON.parse(changed.event_types)).toEqual(EVENT_TYPES);

    // cleared with its deliveries
    const cleared = await portal('clients', 'clear-events', 'esguard-hooks');
    expect(cleared.exitCode, cleared.stderr).toBe(0);
    expect(cleared.stdout).toContain('removed');
    expect(await endpointOf('esguard-hooks')).toBeUndefined();
    expect(await db().selectFrom('outbox').select('id').where('endpoint_id', '=', row.id).execute()).toEqual([]);
    const again = await portal('clients', 'clear-events', 'esguard-hooks', '--json');
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ clientId: 'esguard-hooks', cleared: false });
    const afterClear = await portal('clients', 'list');
    expect(afterClear.stdout.slice(afterClear.stdout.indexOf('esguard-hooks'))).toMatch(/webhook endpoint: +-\n/);
  });

  it('set-events refuses an unknown client or event type and an address inside the network; mistakes exit 2', async () => {
    const refusals: [string[], number, string][] = [
      [['nobody-production', '--url', `${RECEIVER}/x`], 1, 'unknown client: nobody-production'],
      [
        ['esguard-hooks', '--url', `${RECEIVER}/x`, '--event', 'member.exploded'],
        1,
        'unknown event type: member.exploded',
      ],
      [['esguard-hooks', '--url', 'https://169.254.169.254/latest'], 1, 'is refused: private address'],
      [['esguard-hooks', '--url', 'https://10.0.0.8/hooks'], 1, 'is refused'],
      [['esguard-hooks', '--url', 'ftp://receiver.example.test/'], 1, '--url must be an https URL'],
      [['esguard-hooks'], 2, 'needs --url'],
      [[], 2, 'needs the client id'],
    ];
    for (const [args, exitCode, message] of refusals) {
      const result = await portal('clients', 'set-events', ...args);
      expect(result.exitCode, args.join(' ')).toBe(exitCode);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    expect(await endpointOf('esguard-hooks')).toBeUndefined();
    expect((await portal('clients', 'clear-events')).exitCode).toBe(2);
  });
});
