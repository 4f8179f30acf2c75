import { afterEach, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@portal/shared/api/auth';
import { personalizationSchema } from '@portal/shared/api/personalization';
import { STORAGE_APP_PREFERENCES, STORAGE_ENTERPRISE_CONFIG, STORAGE_USER_INFO } from '@portal/shared/cookies';
import { testPersonalization as CONFIG, testUser as USER } from '../test/session-fixtures';
import {
  clearUserData,
  readEnterpriseConfig,
  readPreferences,
  readUserInfo,
  writeEnterpriseConfig,
  writeUserInfo,
} from './storage';

function store(key: string, value: unknown): void {
  window.localStorage.setItem(key, JSON.stringify(value));
}

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

  it('reads back a company configuration it wrote', () => {
    writeEnterpriseConfig(CONFIG);
    expect(readEnterpriseConfig()).toEqual(CONFIG);
  });

  it('accepts null where the stored shape allows it and drops fields it does not have', () => {
    const user = { ...USER, account: null, phone: null, email: null };
    store(STORAGE_USER_INFO, { ...user, theme: 'blue' });
    store(STORAGE_ENTERPRISE_CONFIG, { ...CONFIG, legacyLogo: 'x.png' });
    expect(readUserInfo()).toEqual(user);
    expect(readEnterpriseConfig()).toEqual(CONFIG);
  });

  // The check by hand against the shared schemas, field by field: each spoilt value is refused by
  // the schema, and must be refused here too.
  it.each([
    ['a missing field', { nickname: undefined }],
    ['a number as text', { userId: '1' }],
    ['null where the shape wants text', { nickname: null }],
    ['a language the portal does not speak', { langCode: 'fr-FR' }],
    ['an unknown kind of user', { userType: 'guest' }],
    ['text where a flag belongs', { hasPassword: 'true' }],
  ])('treats a user with %s as absent', (_case, change) => {
    const value = { ...USER, ...change };
    expect(currentUserSchema.safeParse(value).success).toBe(false);
    store(STORAGE_USER_INFO, value);
    expect(readUserInfo()).toBeNull();
  });

  it.each([
    ['a missing icon', { icon: undefined }],
    ['a number as the name', { platformName: 7 }],
    ['a language the portal does not speak', { languageType: 'fr' }],
  ])('treats a company configuration with %s as absent', (_case, change) => {
    const value = { ...CONFIG, ...change };
    expect(personalizationSchema.safeParse(value).success).toBe(false);
    store(STORAGE_ENTERPRISE_CONFIG, value);
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
