import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountSecurityCalls as calls } from '@portal/shared/api/contract/account-security';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { writeUserInfo } from '../../../lib/storage';
import { blobText } from '../../../test/blob-text';
import { fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { testUser } from '../../../test/session-fixtures';
import { TwoStepSetup } from './two-step-setup';

const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('turning on two-step sign-in: the recovery codes', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    writeToken('tok');
    writeUserInfo({ ...testUser, account: 'lin.wei' });
    api = fakeApi({
      [routeOf(calls.twoStepSetup)]: ok({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/Energy%20Portal:lin.wei?secret=JBSWY3DPEHPK3PXP',
        qrSvgDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
      [routeOf(calls.twoStepConfirm)]: ok({ recoveryCodes: CODES }),
    });
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  it('downloads them in a file that names the site and the account', async () => {
    const files: { name: string; text: Promise<string> }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push({ name: '', text: blobText(blob as Blob) });
      return 'blob:codes';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.at(-1)!.name = this.download;
    });
    renderRoutes([{ path: '/', element: <TwoStepSetup onDone={() => {}} /> }], '/');

    fireEvent.change(await screen.findByRole('textbox', { name: '6-digit code from the app' }), {
      target: { value: '123456' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await userEvent.click(await screen.findByRole('button', { name: /Download$/ }));

    expect(files).toHaveLength(1);
    expect(files[0]!.name).toBe(`${window.location.host.replace(':', '-')}-lin.wei-recovery-codes.txt`);
    const text = await files[0]!.text;
    expect(text.split('\n').slice(0, 2)).toEqual([
      'Recovery codes for two-step sign-in',
      `${window.location.host} · lin.wei`,
    ]);
    for (const code of CODES) expect(text).toContain(code);
  });
});
