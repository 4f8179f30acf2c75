import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Personalization } from '@portal/shared/api/personalization';
import { STORAGE_ENTERPRISE_CONFIG } from '@portal/shared/cookies';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { writeToken } from '../../../lib/cookies';
import { i18n } from '../../../lib/i18n';
import { useBranding } from '../../../stores/branding-store';
import { renderRoutes } from '../../../test/render-route';
import { fill } from '../test/fill';
import { BrandingTab } from './branding-tab';

vi.mock('../settings-api', () => ({ savePersonalization: vi.fn(), uploadIcon: vi.fn() }));
vi.mock('../../../session/session-api', () => ({ fetchPersonalization: vi.fn() }));
const api = { ...(await import('../settings-api')), ...(await import('../../../session/session-api')) };

const en = MESSAGES['en-US'];
const texts = en.settings.branding;

const branding: Personalization = {
  icon: '/api/settcntr/admin/v4/enterprise/personalization/icon/7?v=1',
  platformName: 'Green Energy',
  platformNameCn: '绿能',
  platformNameEn: 'Green Energy',
  languageType: 'zh-CN',
  slogan: 'Green Energy',
};

async function renderTab() {
  renderRoutes([{ path: '/', element: <BrandingTab /> }], '/');
  return screen.findByLabelText(texts.platformName);
}

function chooseFile(file: File) {
  fireEvent.change(screen.getByTestId('icon-file'), { target: { files: [file] } });
}

describe('branding', () => {
  beforeEach(async () => {
    vi.mocked(api.fetchPersonalization).mockReset().mockResolvedValue(branding);
    vi.mocked(api.savePersonalization).mockReset();
    vi.mocked(api.uploadIcon).mockReset();
    document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';
    useBranding.getState().clear();
    // the branding in effect is a signed-in person's company's
    writeToken('tok');
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => i18n.changeLanguage('zh-CN'));

  it('allows platform names of at most 30 characters and requires them', async () => {
    const name = await renderTab();
    fill(name, 'n'.repeat(31));
    fill(screen.getByLabelText(texts.platformNameEn), '');
    await userEvent.click(screen.getByRole('button', { name: en.settings.save }));
    expect(await screen.findByText(en.validation.companyFieldTooLong)).toBeInTheDocument();
    expect(screen.getByText(en.validation.platformNameRequired)).toBeInTheDocument();
    expect(api.savePersonalization).not.toHaveBeenCalled();
  });

  it('refuses a GIF with the type message, before uploading', async () => {
    await renderTab();
    chooseFile(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.validation.imageType);
    expect(api.uploadIcon).not.toHaveBeenCalled();
  });

  it("refuses a 6 MB PNG with 'Image must smaller than 5MB', before uploading", async () => {
    await renderTab();
    chooseFile(new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Image must smaller than 5MB');
    expect(api.uploadIcon).not.toHaveBeenCalled();
  });

  it('uploads a PNG, then the favicon, the title and the stored branding follow', async () => {
    const updated = {
      ...branding,
      icon: '/api/settcntr/admin/v4/enterprise/personalization/icon/7?v=2',
      slogan: 'Sun Co',
    };
    vi.mocked(api.uploadIcon).mockResolvedValue({ icon: updated.icon });
    await renderTab();
    vi.mocked(api.fetchPersonalization).mockResolvedValue(updated);
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    chooseFile(png);
    await waitFor(() => expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(updated.icon));
    expect(api.uploadIcon).toHaveBeenCalledWith(png);
    expect(document.title).toBe('Sun Co');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_ENTERPRISE_CONFIG) ?? 'null')).toEqual(updated);
    expect(screen.getByRole('img', { name: texts.currentIcon })).toHaveAttribute('src', updated.icon);
  });

  it('saves the names and language, then the page title follows', async () => {
    vi.mocked(api.savePersonalization).mockResolvedValue(null);
    const name = await renderTab();
    fill(name, 'Sun Co');
    vi.mocked(api.fetchPersonalization).mockResolvedValue({ ...branding, platformName: 'Sun Co', slogan: 'Sun Co' });
    await userEvent.click(screen.getByRole('button', { name: en.settings.save }));
    await waitFor(() => expect(document.title).toBe('Sun Co'));
    expect(api.savePersonalization).toHaveBeenCalledWith({
      platformName: 'Sun Co',
      platformNameCn: '绿能',
      platformNameEn: 'Green Energy',
      languageType: 'zh-CN',
    });
  });
});
