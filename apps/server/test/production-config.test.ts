import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

/** What production requires besides NODE_ENV and the key: real transports (never used here). */
const TRANSPORTS = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.energy.test:587',
  MAIL_FROM: 'portal@energy.test',
  SMS_WEBHOOK_URL: 'https://sms.energy.test/send',
};
const KEY = 'ef'.repeat(32);

describe('the configuration of production', () => {
  it('refuses to start without TOTP_SECRET_KEY, naming it, so that two-step secrets are never kept in plain text', () => {
    for (const missing of [TRANSPORTS, { ...TRANSPORTS, TOTP_SECRET_KEY: '' }]) {
      expect(() => loadConfig(missing)).toThrow(ConfigError);
      expect(() => loadConfig(missing)).toThrow(/NODE_ENV=production requires TOTP_SECRET_KEY/);
    }
    expect(loadConfig({ ...TRANSPORTS, TOTP_SECRET_KEY: KEY }).totpSecretKey).toEqual(Buffer.from(KEY, 'hex'));
  });

  it('keeps the key optional outside production', () => {
    expect(loadConfig({}).totpSecretKey).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test' }).totpSecretKey).toBeNull();
  });
});
