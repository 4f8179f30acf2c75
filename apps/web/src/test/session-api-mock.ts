import { vi } from 'vitest';
import type * as SessionApi from '../session/session-api';

/**
 * Stands in for the session calls, each a bare mock that the test gives its replies:
 * `vi.mock('…/session/session-api', () => import('…/test/session-api-mock'))`.
 */
export const logout = vi.fn<typeof SessionApi.logout>();
export const fetchCurrentUser = vi.fn<typeof SessionApi.fetchCurrentUser>();
export const fetchPortalInfo = vi.fn<typeof SessionApi.fetchPortalInfo>();
export const fetchPersonalization = vi.fn<typeof SessionApi.fetchPersonalization>();
export const enterEnterprise = vi.fn<typeof SessionApi.enterEnterprise>();
