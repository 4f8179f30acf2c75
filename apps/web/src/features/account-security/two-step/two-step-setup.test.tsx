import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountSecurityCalls as calls } from '@portal/shared/api/contract/account-security';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { writeUserInfo } from '../../../lib/storage';
import { blobText } from '../../../test/blob-text';
import { fail, fakeApi, ok, routeOf } from '../../../test/fake-api';
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

  it("under a company's requirement, asks for the code sent to the verified email and confirms with both", async () => {
    api.routes[routeOf(calls.twoStep)] = ok({
      enabled: false,
      recoveryCodesLeft: 0,
      required: true,
      setupCodeNeeded: true,
    });
    api.routes[routeOf(calls.twoStepSetupCode)] = ok({ channel: 'email', to: 'l***@example.com', cooldownSeconds: 60 });
    api.routes[routeOf(calls.twoStepConfirm)] = (body) =>
      (body as { setupCode?: string }).setupCode === '246810'
        ? ok({ recoveryCodes: CODES })
        : fail(ErrorCode.CodeInvalid);
    renderRoutes([{ path: '/', element: <TwoStepSetup onDone={() => {}} /> }], '/');

    fireEvent.change(await screen.findByRole('textbox', { name: '6-digit code from the app' }), {
      target: { value: '123456' },
    });
    const setupCode = await screen.findByRole('textbox', { name: 'Code sent to your email or phone' });
    expect(screen.getByText(/Your company requires two-step sign-in\. To make sure it is you/)).toBeInTheDocument();
    // nothing goes out without the second code
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please enter the code we sent')).toBeInTheDocument();
    expect(api.sent(routeOf(calls.twoStepConfirm))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Code sent to l***@example.com')).toBeInTheDocument();
    fireEvent.change(setupCode, { target: { value: '135790' } });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Invalid verification code')).toBeInTheDocument();

    fireEvent.change(setupCode, { target: { value: '246810' } });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    expect(api.sent(routeOf(calls.twoStepConfirm))).toEqual([
      { code: '123456', setupCode: '135790' },
      { code: '123456', setupCode: '246810' },
    ]);
    expect(api.toasts).not.toHaveBeenCalled();
  });
});
