import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import type { CompanyInvitation } from '@portal/shared/api/settings';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { departmentsStub } from '../test/departments-stub';
import { InvitationsTab } from './invitations-tab';

const LIST = routeOf(settingsCalls.invitations);

const link = (id: number, createdBy: string): CompanyInvitation => ({
  id,
  kind: 'member',
  status: 'valid',
  uses: 0,
  maxUses: 1,
  expiresAt: '2026-12-01T08:00:00.000Z',
  createdBy,
});

describe('the invitations tab', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    writeToken('tok');
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  it('shows the first page and brings the next through the cursor when asked', async () => {
    const pages: Record<string, { items: CompanyInvitation[]; nextCursor: string | null }> = {
      '': { items: [link(9, 'First Page Admin')], nextCursor: 'after-9' },
      'after-9': { items: [link(4, 'Second Page Admin')], nextCursor: null },
    };
    api = fakeApi({ [LIST]: (_body, query) => ok(pages[query.get('cursor') ?? '']) });
    renderRoutes([{ path: '/', element: <InvitationsTab departments={departmentsStub()} /> }], '/');

    expect(await screen.findByText('First Page Admin')).toBeInTheDocument();
    expect(screen.queryByText('Second Page Admin')).not.toBeInTheDocument();
    expect(api.queries(LIST).map((q) => [q.get('pageSize'), q.get('cursor')])).toEqual([['10', null]]);

    fireEvent.click(screen.getByRole('button', { name: 'Show more links' }));
    expect(await screen.findByText('Second Page Admin')).toBeInTheDocument();
    expect(screen.getByText('First Page Admin')).toBeInTheDocument();
    expect(api.queries(LIST).map((q) => q.get('cursor'))).toEqual([null, 'after-9']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more links' })).not.toBeInTheDocument());
  });
});
