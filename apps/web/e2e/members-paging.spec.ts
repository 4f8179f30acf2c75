import { MESSAGES } from '@portal/shared/locales/catalog';
import { newAdmin } from './people';
import { createAccountMember } from './portal-api';
import { grantProducts, useSession } from './product-rights';
import { expectAccessible } from './support';
import { expect, test } from './test';

const en = MESSAGES['en-US'];
const texts = en.settings.members;

test('the members come twenty at a time through the server cursor, with their count', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const admin = await newAdmin(request, 'Paging Admin');
  // the administrator and 21 more: a second page of two
  for (let i = 1; i <= 21; i++) await createAccountMember(request, admin, `Paged Member ${String(i).padStart(2, '0')}`);
  await grantProducts(admin.domain, 'settcntr');
  await useSession(context, admin.token, baseURL!);

  await page.goto('/settings?tab=members');
  const rows = page.getByRole('table').first().locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(20);
  await expect(page.getByText(texts.total.replace('{{count}}', '22'))).toBeVisible();
  // in the order they joined: the last two wait behind the cursor
  await expect(page.getByRole('row', { name: /Paged Member 21/ })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: texts.loadMore }).click();
  await expect(rows).toHaveCount(22);
  await expect(page.getByRole('row', { name: /Paged Member 21/ })).toBeVisible();
  await expect(page.getByRole('button', { name: texts.loadMore })).toHaveCount(0);

  // a search starts again from its own first page
  await page.getByRole('searchbox', { name: texts.searchLabel }).fill('Paged Member 07');
  await page.getByRole('searchbox', { name: texts.searchLabel }).press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(page.getByText(texts.total.replace('{{count}}', '1'))).toBeVisible();
});
