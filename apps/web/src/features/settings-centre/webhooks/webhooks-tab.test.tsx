import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { integrationCalls } from '@portal/shared/api/contract/integrations';
import type { WebhookDelivery, WebhookEndpoint } from '@portal/shared/api/integrations';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { writeToken } from '../../../lib/cookies';
import { formatDate } from '../../../lib/format-date';
import { i18n } from '../../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { WebhooksTab } from './webhooks-tab';

const LIST = routeOf(integrationCalls.webhooks);
const CREATE = routeOf(integrationCalls.createWebhook);
const UPDATE = routeOf(integrationCalls.updateWebhook);
const DELETE = routeOf(integrationCalls.deleteWebhook);
const ROTATE = routeOf(integrationCalls.rotateWebhookSecret);
const DELIVERIES = routeOf(integrationCalls.webhookDeliveries);
const RESEND = routeOf(integrationCalls.resendWebhookDelivery);

const endpoint = (id: number, over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id,
  url: `https://hr.example.com/hooks/${id}`,
  description: 'HR system',
  eventTypes: ['member.joined', 'member.left'],
  status: 'enabled',
  failingSince: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  ...over,
});

const delivery = (id: number, over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  eventId: `evt_${id}`,
  eventType: 'member.joined',
  state: 'delivered',
  attempts: 1,
  lastStatus: 200,
  lastError: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  lastAttemptAt: '2026-11-26T08:00:01.000Z',
  nextAttemptAt: null,
  tries: [],
  ...over,
});

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('the webhooks tab', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    writeToken('tok');
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  const renderTab = () => renderRoutes([{ path: '/', element: <WebhooksTab /> }], '/');

  async function fillForm(user: ReturnType<typeof userEvent.setup>, url: string) {
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    await user.click(within(dialog).getByLabelText('Endpoint URL'));
    await user.paste(url);
    await user.click(within(dialog).getByLabelText('Description'));
    await user.paste('HR system');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Member joined' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Invitation link used' }));
    return dialog;
  }

  it('adds an endpoint with the chosen event types and shows its secret once, with the warning', async () => {
    const user = userEvent.setup();
    let items: WebhookEndpoint[] = [];
    api = fakeApi({
      [LIST]: () => ok({ items }),
      [CREATE]: () => {
        items = [endpoint(7, { eventTypes: ['member.joined', 'invitation.used'] })];
        return ok({ endpoint: items[0], secret: SECRET, previousSecretUntil: null });
      },
    });
    renderTab();
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const form = await fillForm(user, 'https://hr.example.com/hooks/7');
    // the types are grouped under the part of the company they concern
    expect(within(form).getByRole('group', { name: 'Members' })).toHaveTextContent('Member role changed');
    expect(within(form).getByRole('group', { name: 'Company' })).toHaveTextContent('Company branding changed');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(shown).toHaveTextContent('This is the only time the secret is shown');
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(api.sent(CREATE)).toEqual([
      {
        url: 'https://hr.example.com/hooks/7',
        description: 'HR system',
        eventTypes: ['member.joined', 'invitation.used'],
      },
    ]);

    await user.click(within(shown).getByRole('button', { name: "I've saved it" }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument());
    const card = await screen.findByRole('listitem', { name: 'https://hr.example.com/hooks/7' });
    expect(card).toHaveTextContent('2 event types');
    expect(card).toHaveTextContent('Invitation link used');
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('says an address the server refuses (1009191) under the URL field, and keeps the form', async () => {
    const user = userEvent.setup();
    api = fakeApi({ [LIST]: ok({ items: [] }), [CREATE]: fail(ErrorCode.WebhookAddressRefused) });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = await fillForm(user, 'https://10.0.0.8/hooks');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    const field = within(form).getByLabelText('Endpoint URL');
    await waitFor(() => expect(field).toHaveAccessibleDescription(/must not be a private, local or cloud metadata/));
    expect(api.toasts).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Signing secret' })).not.toBeInTheDocument();
  });

  it('says a URL the server finds malformed under the field, and a full company (1009190) as its message', async () => {
    const user = userEvent.setup();
    api = fakeApi({
      [LIST]: ok({ items: [] }),
      [CREATE]: fail(ErrorCode.BadRequest, { fields: { url: 'validation.webhookUrl' } }),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = await fillForm(user, 'https://hr.example.com/#frag');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Endpoint URL')).toHaveAccessibleDescription(
        /Enter an address starting with https:\/\//,
      ),
    );

    api.routes[CREATE] = fail(ErrorCode.WebhookLimit);
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.toasts).toHaveBeenCalledWith('This company has the most webhook endpoints it can have (10)'),
    );
  });

  it('asks before deleting, and before a new secret, which it then shows once', async () => {
    const user = userEvent.setup();
    api = fakeApi({
      [LIST]: ok({ items: [endpoint(3)] }),
      [DELETE]: ok(),
      [ROTATE]: ok({
        endpoint: endpoint(3),
        secret: SECRET,
        previousSecretUntil: '2026-11-27T09:00:00.000Z',
      }),
    });
    renderTab();
    const card = await screen.findByRole('listitem', { name: 'https://hr.example.com/hooks/3' });

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Delete this webhook?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent(DELETE)).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'New secret' }));
    const rotate = await screen.findByRole('dialog');
    expect(rotate).toHaveTextContent('For the next 24 hours the old secret keeps signing each delivery too');
    expect(api.sent(ROTATE)).toEqual([]);
    await user.click(within(rotate).getByRole('button', { name: 'Make a new secret' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(shown).toHaveTextContent('The old secret keeps signing until');
    expect(api.sent(ROTATE)).toEqual([{ id: 3 }]);
    await user.click(within(shown).getByRole('button', { name: "I've saved it" }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument());

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.sent(DELETE)).toEqual([{ id: 3 }]));
  });

  it('edits an endpoint from what it has: its URL, description and event types', async () => {
    const user = userEvent.setup();
    api = fakeApi({
      [LIST]: ok({ items: [endpoint(3)] }),
      [UPDATE]: (body) => ok(endpoint(3, body as Partial<WebhookEndpoint>)),
    });
    renderTab();
    const card = await screen.findByRole('listitem', { name: 'https://hr.example.com/hooks/3' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));

    const form = await screen.findByRole('dialog', { name: 'Edit webhook' });
    expect(within(form).getByLabelText('Endpoint URL')).toHaveValue('https://hr.example.com/hooks/3');
    expect(within(form).getByLabelText('Description')).toHaveValue('HR system');
    expect(within(form).getByRole('checkbox', { name: 'Member joined' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Member left' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Invitation link used' })).not.toBeChecked();

    await user.click(within(form).getByRole('checkbox', { name: 'Member left' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Company security changed' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.sent(UPDATE)).toEqual([
        {
          id: 3,
          url: 'https://hr.example.com/hooks/3',
          description: 'HR system',
          eventTypes: ['member.joined', 'company.security_changed'],
        },
      ]),
    );
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit webhook' })).not.toBeInTheDocument());

    // every type unticked: the form says so and sends nothing
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const again = await screen.findByRole('dialog', { name: 'Edit webhook' });
    await user.click(within(again).getByRole('checkbox', { name: 'Member joined' }));
    await user.click(within(again).getByRole('checkbox', { name: 'Member left' }));
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await within(again).findByText('Choose at least one event type')).toBeInTheDocument();
    expect(api.sent(UPDATE)).toHaveLength(1);
  });

  it.each([
    ['en-US', '1 event type', '2 event types'],
    ['de-DE', '1 Ereignistyp', '2 Ereignistypen'],
    ['es-ES', '1 tipo de evento', '2 tipos de evento'],
    ['it-IT', '1 tipo di evento', '2 tipi di evento'],
    ['zh-CN', '1 种事件', '2 种事件'],
    ['ja-JP', '1 種類のイベント', '2 種類のイベント'],
  ])('counts the event types of an endpoint in the right number (%s)', async (language, one, two) => {
    await i18n.changeLanguage(language);
    api = fakeApi({
      [LIST]: ok({
        items: [
          endpoint(1, { eventTypes: ['member.left'] }),
          endpoint(2, { eventTypes: ['member.joined', 'member.left'] }),
        ],
      }),
    });
    renderTab();
    expect(await screen.findByRole('listitem', { name: 'https://hr.example.com/hooks/1' })).toHaveTextContent(one);
    expect(screen.getByRole('listitem', { name: 'https://hr.example.com/hooks/2' })).toHaveTextContent(two);
  });

  it('turns an endpoint off, and one the portal turned off after failing back on', async () => {
    const user = userEvent.setup();
    api = fakeApi({
      [LIST]: ok({
        items: [endpoint(1), endpoint(2, { status: 'failing', failingSince: '2026-11-20T08:00:00.000Z' })],
      }),
      [UPDATE]: (body) => ok(endpoint((body as { id: number }).id)),
    });
    renderTab();
    const on = await screen.findByRole('listitem', { name: 'https://hr.example.com/hooks/1' });
    const failing = screen.getByRole('listitem', { name: 'https://hr.example.com/hooks/2' });
    expect(on).toHaveTextContent('On');
    expect(failing).toHaveTextContent('Turned off after failing');
    expect(failing).toHaveTextContent('Failing since');

    await user.click(within(on).getByRole('button', { name: 'Turn off' }));
    await user.click(within(failing).getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(api.sent(UPDATE)).toEqual([
        { id: 1, enabled: false },
        { id: 2, enabled: true },
      ]),
    );
  });

  it('lists the deliveries, brings more through the cursor, and sends a settled one again', async () => {
    const user = userEvent.setup();
    const pages: Record<string, { items: WebhookDelivery[]; nextCursor: string | null }> = {
      '': {
        items: [
          delivery(12, {
            state: 'failed',
            attempts: 2,
            lastStatus: null,
            lastError: 'no answer within 10 s',
            tries: [
              {
                at: '2026-11-26T08:00:01.000Z',
                status: 500,
                durationMs: 74,
                error: 'answered 500 with 4 bytes',
                nextAttemptAt: '2026-11-26T08:00:06.000Z',
              },
              {
                at: '2026-11-26T08:00:06.000Z',
                status: null,
                durationMs: 10_000,
                error: 'no answer within 10 s',
                nextAttemptAt: null,
              },
            ],
          }),
          delivery(11, { state: 'pending', attempts: 1, lastStatus: null, lastError: 'timed out' }),
        ],
        nextCursor: 'after-11',
      },
      'after-11': { items: [delivery(10, { eventType: 'member.left' })], nextCursor: null },
    };
    api = fakeApi({
      [LIST]: ok({ items: [endpoint(5)] }),
      [DELIVERIES]: (_body, query) => ok(pages[query.get('cursor') ?? '']),
      [RESEND]: ok(),
    });
    renderTab();
    const card = await screen.findByRole('listitem', { name: 'https://hr.example.com/hooks/5' });
    await user.click(within(card).getByRole('button', { name: 'Deliveries' }));

    const drawer = await screen.findByRole('dialog', { name: 'Deliveries' });
    const list = await within(drawer).findByRole('list', { name: 'Deliveries' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [failed, pending] = within(list).getAllByRole('listitem');
    expect(failed).toHaveTextContent('evt_12');
    expect(failed).toHaveTextContent('Given up');
    expect(failed).toHaveTextContent('no answer within 10 s');
    // every try, the failed first one too: its time, the answer's status, how long, why, and the next
    const tries = within(failed!).getByRole('table', { name: 'Every try' });
    const rows = within(tries).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '1',
      formatDate('2026-11-26T08:00:01.000Z', 'seconds'),
      '500',
      '74 ms',
      'answered 500 with 4 bytes',
      formatDate('2026-11-26T08:00:06.000Z', 'seconds'),
    ]);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '2',
      formatDate('2026-11-26T08:00:06.000Z', 'seconds'),
      'No answer',
      '10,000 ms',
      'no answer within 10 s',
      '—',
    ]);
    expect(pending).toHaveTextContent('Waiting');
    expect(pending).toHaveTextContent('No answer');
    // a pending delivery is tried again by itself
    expect(within(pending!).queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    expect(api.queries(DELIVERIES).map((q) => [q.get('id'), q.get('cursor')])).toEqual([['5', null]]);

    await user.click(within(drawer).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('Member left');
    expect(api.queries(DELIVERIES).map((q) => q.get('cursor'))).toEqual([null, 'after-11']);

    await user.click(within(failed!).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(api.sent(RESEND)).toEqual([{ deliveryId: 12 }]));
    expect(await screen.findByText('Queued to send again')).toBeInTheDocument();
  });
});
