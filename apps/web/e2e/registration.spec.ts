import type { APIRequestContext, Page } from '@playwright/test';
import { registrationCalls } from '@portal/shared/api/contract/registration';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { creditCodeCheckChar } from '@portal/shared/validation/credit-code';
import { checkScreenInBothThemes } from './both-themes';
import { succeed } from './call';
import {
  PASSWORD,
  expireInvitation,
  inviteLink,
  latestCode,
  newAdmin,
  newMember,
  registrationTicket,
  uniquePhone,
} from './people';
import { grantProducts } from './product-rights';
import { screenshotPath, useLanguage } from './support';
import { expect, test } from './test';

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en-US', baseURL!);
});

/** A valid unified social credit code of its own for each company these tests register. */
function creditCode(seed: string): string {
  const first17 = `913302${seed.padStart(8, '0').slice(-8)}MA3`;
  return first17 + creditCodeCheckChar(first17);
}

async function acceptInvitation(page: Page, lead: RegExp, shot?: string) {
  await expect(page.getByRole('heading', { name: 'You have been invited' })).toBeVisible();
  await expect(page.getByText(lead)).toBeVisible();
  if (shot) await checkScreenInBothThemes(page, shot);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
}

/** Step 2 through the real code: the get-code button, the development outbox, next. */
async function verifyPhone(page: Page, request: APIRequestContext, phone: string, shot?: string) {
  await expect(page.getByRole('heading', { name: 'Verify your phone number' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByTestId('send-code')).toHaveText(/Resend in \d+ s/);
  await page.getByRole('textbox', { name: 'Verification code' }).fill(await latestCode(request, phone));
  if (shot) await checkScreenInBothThemes(page, shot);
  await page.getByRole('button', { name: 'Next' }).click();
}

async function fillAccount(page: Page, nickname: string) {
  // by the label's text: the required mark is part of the accessible name
  await page.getByLabel('Name', { exact: true }).fill(nickname);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
}

async function fillCompany(page: Page, seed: string) {
  await page.getByRole('textbox', { name: 'Company abbreviation' }).fill(`Reg${seed}`);
  await page.getByRole('textbox', { name: 'Full company name' }).fill(`Registered Company ${seed}`);
  await page.getByRole('textbox', { name: 'Unified social credit code' }).fill(creditCode(seed));
}

/** Step 4, then the after-sign-in landing: home, or the company's only product, signed in, in that company. */
async function enterCompany(page: Page, company: string, shot?: string, heading = 'Registration complete') {
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.getByText(company, { exact: true })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'token')?.value).toBeTruthy();
  if (shot) await checkScreenInBothThemes(page, shot);
  await page.getByRole('button', { name: 'Enter the company' }).click();
}

test.describe('invitation links', () => {
  test('an administrator link registers a new company and signs its administrator in', async ({ page, request }) => {
    const link = await inviteLink('admin');
    const phone = uniquePhone();
    const seed = phone.slice(-8);
    await page.goto(new URL(link.url).pathname + new URL(link.url).search);

    await expect(page.getByRole('heading', { name: 'Company administrator registration' })).toBeVisible();
    await acceptInvitation(page, /The platform operator invites you to register a new company/, 'register-invitation');
    await verifyPhone(page, request, phone);

    await expect(page.getByRole('heading', { name: 'Complete your account' })).toBeVisible();
    await expect(page.getByText('It cannot be modified after registration.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Complete registration' }).click();
    await expect(page.getByText('Please enter your name')).toBeVisible();
    await expect(page.getByText('Please enter the unified social credit code')).toBeVisible();
    await page.screenshot({ path: screenshotPath('register-account-errors-dark'), fullPage: true });

    await fillAccount(page, 'New Admin');
    await page.getByLabel('Confirm password').fill(`${PASSWORD}x`);
    await expect(page.getByText('Please make sure the passwords match')).toBeVisible();
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await fillCompany(page, seed);
    await checkScreenInBothThemes(page, 'register-account-admin');
    await page.getByRole('button', { name: 'Complete registration' }).click();

    await enterCompany(page, `Registered Company ${seed}`);
    // the link's default product, its only one, opens directly: the new administrator can invite the others
    await page.waitForURL(/\/settings\?productId=\d+$/);
    await expect(page.getByRole('tab', { name: 'Invitation links' })).toBeVisible();
  });

  test('a member link lets a new person join the demo company', async ({ page, request }) => {
    const link = await inviteLink('member', 'demo');
    const phone = uniquePhone();
    await page.goto(`/register-common-ordinary?referralId=${link.id}`);

    await expect(page.getByRole('heading', { name: 'Company member registration' })).toBeVisible();
    await acceptInvitation(page, /invites you to join .+ as a member/);
    await verifyPhone(page, request, phone, 'register-phone');

    await expect(page.getByRole('heading', { name: 'Complete your account' })).toBeVisible();
    // a member joins an existing company: no company fields
    await expect(page.getByRole('textbox', { name: 'Company abbreviation' })).toHaveCount(0);
    await fillAccount(page, 'New Member');
    await page.getByRole('textbox', { name: 'Email (optional)' }).fill(`${phone}@people.example.com`);
    await page.screenshot({ path: screenshotPath('register-account-member-dark'), fullPage: true });
    await page.getByRole('button', { name: 'Complete registration' }).click();

    // the registration email is unproven, and the screen says where to prove it
    const note = page.getByText(`Your email ${phone}@people.example.com is not verified yet`);
    await expect(note).toContainText('Verify it in the personal center');
    // the note keeps a line of room above the button it sits over
    const noteBox = (await page.getByRole('alert').filter({ has: note }).boundingBox())!;
    const buttonBox = (await page.getByRole('button', { name: 'Enter the company' }).boundingBox())!;
    expect(buttonBox.y - (noteBox.y + noteBox.height)).toBeGreaterThanOrEqual(16);
    // a reload (or Back) after success shows the finished registration again, not the used link
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Registration complete' })).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/\/register-invalidity$/);
    await page.goForward();
    await enterCompany(page, '绿能示范科技有限公司', 'register-done');
    await expect(page).toHaveURL(/\/home$/);
    // the demo company's products but the settings centre, which only its administrators open
    await expect(page.getByTestId('product-card')).toHaveCount(4);
  });

  test('an owner link registers an owner company', async ({ page, request }) => {
    const link = await inviteLink('owner', 'demo');
    const phone = uniquePhone();
    const seed = phone.slice(-8);
    // opened on the wrong kind's route, the link moves to its own
    await page.goto(`/register-common-admin?referralId=${link.id}`);
    await expect(page).toHaveURL(/\/register-owner-enterprise\?referralId=/);

    await expect(page.getByRole('heading', { name: 'Owner company registration' })).toBeVisible();
    await acceptInvitation(page, /invites you to register an owner company linked to/);
    await verifyPhone(page, request, phone);
    await fillAccount(page, 'New Owner');
    await fillCompany(page, seed);
    await page.getByRole('textbox', { name: 'Company domain (optional)' }).fill(`owner-${seed}`);
    await page.getByRole('button', { name: 'Complete registration' }).click();

    await enterCompany(page, `owner-${seed}`);
    // an owner company gets the settings centre, its one product, which opens at once: its
    // administrator can invite their own staff
    await expect(page).toHaveURL(/\/settings\?productId=\d+$/);
  });

  test('a used link shows the invalid page, which goes to sign-in after its countdown', async ({ page, request }) => {
    const link = await inviteLink('member', 'demo');
    const ticket = await registrationTicket(request, uniquePhone());
    await succeed(request, registrationCalls.memberSignUp, {
      body: { referralId: link.id, ticket, nickname: 'Used Link', password: PASSWORD, confirmPassword: PASSWORD },
    });

    await page.clock.install();
    await page.goto(`/register-common-ordinary?referralId=${link.id}`);
    await expect(page).toHaveURL(/\/register-invalidity$/);
    await expect(page.getByRole('heading', { name: 'This invitation link is no longer valid' })).toBeVisible();
    await expect(page.getByText('Going to the sign-in page in 10 seconds')).toBeVisible();
    await checkScreenInBothThemes(page, 'register-invalid');

    await page.clock.runFor(10_000);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an expired link shows the invalid page, which goes to sign-in after its countdown', async ({
    page,
    request,
  }) => {
    const link = await inviteLink('member', 'demo');
    const status = async () =>
      (await succeed(request, registrationCalls.referralInfo, { params: { id: link.id } })).status;
    expect(await status()).toBe('valid');
    await expireInvitation(link);
    expect(await status()).toBe('expired');

    await page.clock.install();
    await page.goto(`/register-common-ordinary?referralId=${link.id}`);
    await expect(page).toHaveURL(/\/register-invalidity$/);
    await expect(page.getByRole('heading', { name: 'This invitation link is no longer valid' })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a revoked or unknown link, or none, shows the invalid page', async ({ page, request }) => {
    const admin = await newAdmin(request);
    // the settings centre, where invitations are made, opens to companies with its product
    await grantProducts(admin.domain, 'settcntr');
    const { token } = admin;
    const created = await succeed(request, settingsCalls.createInvitation, { token, body: { kind: 'member' } });
    await succeed(request, settingsCalls.revokeInvitation, { token, body: { id: created.invitationId } });

    for (const path of [
      `/register-common-ordinary?referralId=${created.id}`,
      '/register-owner-enterprise?referralId=no-such-invitation',
      '/register-common-admin',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/register-invalidity$/);
      await expect(page.getByRole('heading', { name: 'This invitation link is no longer valid' })).toBeVisible();
    }
  });

  test('a person with an account joins a second company and then has both', async ({ page, request }) => {
    const existing = await newMember(request, 'demo', 'Existing Member');
    const link = await inviteLink('member', 'solo');
    await page.goto(`/register-common-ordinary?referralId=${link.id}`);
    await acceptInvitation(page, /invites you to join .+ as a member/);

    await verifyPhone(page, request, existing.phone);

    await expect(page.getByRole('heading', { name: 'Confirm joining the company' })).toBeVisible();
    await expect(page.getByText(`${existing.phone} already has a platform account`)).toBeVisible();
    await checkScreenInBothThemes(page, 'register-join');
    await page.getByRole('button', { name: 'Join the company' }).click();

    // every step done, on the last screen, which entering the company leaves
    await expect(page.locator('.ant-steps-item-finish')).toHaveCount(4);
    // the company joined has one product, which opens directly
    await enterCompany(page, '精算储能服务有限公司', undefined, 'You joined 精算储能服务有限公司');
    await page.waitForURL(/\/cesuan\?productId=\d+$/);

    await page.goto('/home');
    await page.getByRole('combobox', { name: 'Current company' }).click();
    await expect(page.getByRole('option', { name: /精算储能/ })).toBeVisible();
    await expect(page.getByRole('option', { name: /绿能示范/ })).toBeVisible();
  });
});
