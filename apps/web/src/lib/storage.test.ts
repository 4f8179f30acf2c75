import { STORAGE_APP_PREFERENCES, STORAGE_ENTERPRISE_CONFIG, STORAGE_USER_INFO } from '@portal/shared/cookies';
import { afterEach, describe, expect, it } from 'vitest';
import { testUser as USER } from '../test/session-fixtures';
import { clearUserData, readEnterpriseConfig, readPreferences, readUserInfo, writeUserInfo } from './storage';

afterEach(() => window.localStorage.clear());

describe('storage shared with the other products', () => {
  it('reads back a user it wrote', () => {
    writeUserInfo(USER);
    expect(readUserInfo()).toEqual(USER);
  });

  it('treats a value another product wrote in another shape as absent', () => {
    window.localStorage.setItem(STORAGE_USER_INFO, JSON.stringify({ userId: '7', nickname: 3 }));
    window.localStorage.setItem(STORAGE_ENTERPRISE_CONFIG, JSON.stringify(['not', 'a', 'config']));
    expect(readUserInfo()).toBeNull();
    expect(readEnterpriseConfig()).toBeNull();
  });

  it('signing out forgets the user but keeps the device preferences', () => {
    writeUserInfo(USER);
    window.localStorage.setItem(STORAGE_APP_PREFERENCES, JSON.stringify({ mode: 'light', sidebarCollapsed: true }));
    clearUserData();
    expect(readUserInfo()).toBeNull();
    expect(readPreferences()).toEqual({ mode: 'light', sidebarCollapsed: true });
  });
});
