import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brandingCalls } from '@portal/shared/api/contract/branding';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import type { Personalization } from '@portal/shared/api/personalization';
import { STORAGE_ENTERPRISE_CONFIG } from '@portal/shared/cookies';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { useBranding } from '../../../session/branding';
import { fail, fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { fill } from '../test/fill';
import { BrandingTab } from './branding-tab';

const en = MESSAGES['en-US'];
const texts = en.settings.branding;
const BRANDING = routeOf(brandingCalls.personalization);
const SAVE = routeOf(settingsCalls.savePersonalization);
const UPLOAD = routeOf(settingsCalls.uploadIcon);
const RESET = routeOf(settingsCalls.resetIcon);

const branding: Personalization = {
  icon: `${API_PREFIX}/settcntr/admin/v4/enterprise/personalization/icon/7?v=1`,
  customIcon: true,
  platformName: 'Green Energy',
  platformNameCn: '绿能',
  platformNameEn: 'Green Energy',
  languageType: 'zh-CN',
  slogan: 'Green Energy',
};

/** What the shell shows of the branding in effect: the page title and the favicon come from it. */
function ShellBranding() {
  const branding = useBranding();
  return (
    <output data-testid="shell-branding" data-icon={branding?.icon}>
      {branding?.slogan}
    </output>
  );
}

async function renderTab() {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <ShellBranding />
            <BrandingTab />
          </>
        ),
      },
    ],
    '/',
  );
  return screen.findByLabelText(texts.platformName);
}

function chooseFile(file: File) {
  fireEvent.change(screen.getByTestId('icon-file'), { target: { files: [file] } });
}

describe('branding', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    api = fakeApi({ [BRANDING]: ok(branding), [SAVE]: ok() });
    // the branding in effect is a signed-in person's company's
    writeToken('tok');
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  it('allows platform names of at most 30 characters and requires them', async () => {
    const name = await renderTab();
    fill(name, 'n'.repeat(31));
    fill(screen.getByLabelText(texts.platformNameEn), '');
    await userEvent.click(screen.getByRole('button', { name: en.settings.save }));
    expect(await screen.findByText(en.validation.companyFieldTooLong)).toBeInTheDocument();
    expect(screen.getByText(en.validation.platformNameRequired)).toBeInTheDocument();
    expect(api.sent(SAVE)).toEqual([]);
  });

  it('refuses a GIF with the type message, before uploading', async () => {
    await renderTab();
    chooseFile(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.validation.imageType);
    expect(api.sent(UPLOAD)).toEqual([]);
  });

  it("refuses a 6 MB PNG with 'Image must smaller than 5MB', before uploading", async () => {
    await renderTab();
    chooseFile(new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Image must smaller than 5MB');
    expect(api.sent(UPLOAD)).toEqual([]);
  });

  it('shows why the server refused a file by its content next to the button, without a toast', async () => {
    api.routes[UPLOAD] = fail(1000400, { fields: { file: 'validation.imageType' } });
    await renderTab();
    chooseFile(new File(['not an image'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.validation.imageType);
    expect(api.toasts).not.toHaveBeenCalled();
  });

  it('uploads a PNG, then the branding in effect (favicon, title) and the stored one follow', async () => {
    const updated = {
      ...branding,
      icon: `${API_PREFIX}/settcntr/admin/v4/enterprise/personalization/icon/7?v=2`,
      slogan: 'Sun Co',
    };
    api.routes[UPLOAD] = ok({ icon: updated.icon });
    await renderTab();
    api.routes[BRANDING] = ok(updated);
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    chooseFile(png);
    const shell = screen.getByTestId('shell-branding');
    await waitFor(() => expect(shell).toHaveAttribute('data-icon', updated.icon));
    expect(shell).toHaveTextContent('Sun Co');
    expect(await screen.findByText(texts.iconUploaded)).toBeInTheDocument();
    expect((api.sent(UPLOAD)[0] as FormData).get('file')).toBe(png);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_ENTERPRISE_CONFIG) ?? 'null')).toEqual(updated);
    expect(screen.getByRole('img', { name: texts.currentIcon })).toHaveAttribute('src', updated.icon);
  });

  it('resets an uploaded icon to the default after a confirmation, and offers it no more', async () => {
    const reset = {
      ...branding,
      icon: `${API_PREFIX}/settcntr/admin/v4/enterprise/personalization/icon/7?v=2`,
      customIcon: false,
    };
    api.routes[RESET] = ok({ icon: reset.icon });
    await renderTab();
    await userEvent.click(screen.getByRole('button', { name: texts.resetIcon }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(texts.resetIconDescription);
    expect(api.sent(RESET)).toEqual([]);

    api.routes[BRANDING] = ok(reset);
    await userEvent.click(within(dialog).getByRole('button', { name: texts.resetIcon }));
    expect(await screen.findByText(texts.iconReset)).toBeInTheDocument();
    expect(api.sent(RESET)).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('shell-branding')).toHaveAttribute('data-icon', reset.icon));
    expect(screen.getByRole('img', { name: texts.currentIcon })).toHaveAttribute('src', reset.icon);
    expect(screen.queryByRole('button', { name: texts.resetIcon })).not.toBeInTheDocument();
  });

  it('offers no reset while the company shows the default icon', async () => {
    api.routes[BRANDING] = ok({ ...branding, customIcon: false });
    await renderTab();
    expect(screen.getByRole('button', { name: texts.upload })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: texts.resetIcon })).not.toBeInTheDocument();
  });

  it('saves the names and language, then the branding in effect follows', async () => {
    const name = await renderTab();
    fill(name, 'Sun Co');
    api.routes[BRANDING] = ok({ ...branding, platformName: 'Sun Co', slogan: 'Sun Co' });
    await userEvent.click(screen.getByRole('button', { name: en.settings.save }));
    await waitFor(() => expect(screen.getByTestId('shell-branding')).toHaveTextContent('Sun Co'));
    expect(api.sent(SAVE)).toEqual([
      { platformName: 'Sun Co', platformNameCn: '绿能', platformNameEn: 'Green Energy', languageType: 'zh-CN' },
    ]);
    expect(await screen.findByText(en.common.saveSuccess)).toBeInTheDocument();
  });
});
