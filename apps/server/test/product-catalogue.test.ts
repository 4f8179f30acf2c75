import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS } from '@portal/shared/products';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

describe(`the product catalogue after the migrations (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  // the first migration keeps its own copy of the list: a product added to the live list needs a migration
  it('holds the live list of products, in its order', async () => {
    const rows = await t.database.db
      .selectFrom('products')
      .select(['code', 'entry_path'])
      .orderBy('sort_order')
      .execute();
    expect(rows).toEqual(PRODUCTS.map((product) => ({ code: product.code, entry_path: product.entryPath })));
  });
});
