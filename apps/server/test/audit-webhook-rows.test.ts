import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { recordEvent } from '../src/libraries/integrations/events/record-event.ts';
import { companyTransaction } from '../src/libraries/platform/company-transaction.ts';
import { call } from './support/http.ts';
import { companyWithAdmin } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

/** A host the test allows by name, so that no resolver is asked; nothing listens there. */
const RECEIVER = 'https://receiver.example.test';
const FAR_FUTURE = 4_102_444_800_000;

/** The rows of an RFC 4180 file: quoted cells may hold commas and doubled quotes, never line breaks. */
function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) =>
      [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => (m[1] ?? m[2] ?? '').replace(/""/g, '"')),
    );
}

describe(`the audit log's webhook rows (${ENGINE})`, () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({
      OUTBOX_SECRET: randomBytes(32).toString('hex'),
      WEBHOOK_ALLOWED_HOSTS: 'receiver.example.test',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  async function csv(token: string, lang: string, timeZone?: string) {
    const query = timeZone ? `?timeZone=${encodeURIComponent(timeZone)}` : '';
    const response = await fetch(`${base}${contract.auditEventsCsv.path}${query}`, {
      headers: { authorization: `Bearer ${token}`, cookie: `langCode=${lang}` },
    });
    expect(response.status).toBe(200);
    return parseCsv((await response.text()).replace(/^\uFEFF/, ''));
  }

  it('name the webhook by its address, as the other rows name their object, on the screen and in the CSV', async () => {
    const { token, enterpriseId } = await companyWithAdmin(t.app);
    const ok = async (declaration: (typeof contract)[keyof typeof contract], body: object) => {
      const reply = await call(t.app, declaration, { token, body });
      expect(reply.code, reply.msg).toBe(0);
      return reply.data;
    };
    const created = await ok(contract.createWebhook, {
      url: `${RECEIVER}/hooks?token=kept-out-of-the-log`,
      eventTypes: ['member.joined', 'member.left'],
    });
    const id: number = created.endpoint.id;
    await ok(contract.updateWebhook, { id, url: `${RECEIVER}/v2` });
    await ok(contract.updateWebhook, { id, description: 'HR system' });
    await ok(contract.updateWebhook, { id, enabled: false });
    await ok(contract.updateWebhook, { id, enabled: true });
    await ok(contract.rotateWebhookSecret, { id });
    // a delivery made, and sent again
    const delivery = await companyTransaction(t.app.ctx, [enterpriseId], async (trx) => {
      await recordEvent(t.app.ctx, trx, {
        enterpriseId,
        type: 'member.joined',
        data: { userId: 7, role: 'member', departmentId: 1, via: 'created' },
      });
      const row = await trx.selectFrom('outbox').select('id').where('endpoint_id', '=', id).executeTakeFirstOrThrow();
      const now = t.app.ctx.now();
      await trx
        .updateTable('outbox')
        .set({
          state: 'delivered',
          attempts: 1,
          last_status: 204,
          last_attempt_at: now,
          done_at: now,
          next_at: FAR_FUTURE,
        })
        .where('id', '=', row.id)
        .execute();
      return row;
    });
    await ok(contract.resendWebhookDelivery, { deliveryId: delivery.id });
    await ok(contract.deleteWebhook, { id });

    const [header, ...rows] = await csv(token, 'en-US', 'Asia/Shanghai');
    // the time column says whose clock its times are on
    expect(header![0]).toBe('Time (Asia/Shanghai)');
    const webhookRows = rows.filter((r) => r[4]!.startsWith('webhook.')).reverse();
    expect(webhookRows.map((r) => [r[3], r[6]])).toEqual([
      ['Added a webhook', `Webhook: ${RECEIVER}/hooks · Events: member.joined, member.left`],
      ['Changed a webhook', `Webhook: ${RECEIVER}/hooks → ${RECEIVER}/v2`],
      ['Changed a webhook', `Webhook: ${RECEIVER}/v2 · Description: HR system`],
      ['Changed a webhook', `Webhook: ${RECEIVER}/v2 · turned off`],
      ['Changed a webhook', `Webhook: ${RECEIVER}/v2 · turned on`],
      ['Gave a webhook a new signing secret', `Webhook: ${RECEIVER}/v2`],
      [
        'Sent a webhook delivery again',
        expect.stringMatching(new RegExp(`^Webhook: ${RECEIVER}/v2 · Event ID: \\S+$`)),
      ],
      ['Deleted a webhook', `Webhook: ${RECEIVER}/v2`],
    ]);
    for (const row of webhookRows) expect(row[0]).toMatch(/^20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);

    // in another language, and without a zone: UTC, said so
    const [zhHeader, ...zhRows] = await csv(token, 'zh-CN');
    expect(zhHeader![0]).toBe('时间（UTC）');
    expect(zhRows.find((r) => r[4] === 'webhook.rotate')![6]).toBe(`Webhook：${RECEIVER}/v2`);
    expect(JSON.stringify(zhRows)).not.toContain('endpointId');
    expect(JSON.stringify(rows)).not.toContain('kept-out-of-the-log');
  });
});
