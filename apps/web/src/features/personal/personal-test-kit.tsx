import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@portal/shared/api/auth';
import { useSession } from '../../stores/session-store';
import { renderRoutes } from '../../test/render-route';
import { PersonalPage } from './personal-page';

/** Shared set-up of the personal centre's component tests; each test file mocks the api modules. */

export const MEMBER: CurrentUser = {
  userId: 42,
  account: 'lin.wei',
  nickname: 'Lin Wei',
  phone: '13912345678',
  email: 'lin.wei@example.com',
  langCode: 'en-US',
  local: 'en_US',
  userType: 'investors',
  phoneCertified: true,
  emailVerified: true,
  hasPassword: true,
};

export function renderPersonal(user: CurrentUser = MEMBER) {
  useSession.setState({ userInfo: user });
  return renderRoutes([{ path: '/personal', element: <PersonalPage /> }], '/personal');
}

/** Opens a modal by its button's accessible name and returns queries inside the dialog. */
export async function openDialog(buttonName: string) {
  await userEvent.click(await screen.findByRole('button', { name: buttonName }));
  return within(await screen.findByRole('dialog'));
}
