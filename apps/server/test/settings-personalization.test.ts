import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@portal/shared/api/contract';
import { IMAGE_MAX_BYTES } from '@portal/shared/constants';
import { call } from './support/http.ts';
import { companyWithAdmin, gifImage, jpegImage, multipart, pngImage, uploadIcon } from './support/settings.ts';
import { ENGINE, type TestApp, startTestApp } from './support/test-app.ts';

const ICON = contract.uploadIcon.path;

/** Bytes that start like a PNG, `size` long. */
function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  pngImage().copy(bytes);
  return bytes;
}

describe(`settings centre: branding (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const names = {
    platformName: '  Sunrise Grid  ',
    platformNameCn: '日出电网',
    platformNameEn: 'Sunrise Grid Cloud',
    languageType: 'en-US',
  };
  const query = (token: string, lang = 'en-US') =>
    call(t.app, contract.personalization, { token, headers: { cookie: `langCode=${lang}` } });
  const auditActions = async (enterpriseId: number) =>
    (
      await t.app.ctx.db
        .selectFrom('audit_events')
        .select(['action', 'detail'])
        .where('enterprise_id', '=', enterpriseId)
        .orderBy('id')
        .execute()
    ).filter((row) => row.action === 'branding.change');

  it('saves the names and language; the personalization query shows them at once', async () => {
    const a = await companyWithAdmin(t.app);
    const saved = await call(t.app, contract.savePersonalization, { token: a.token, body: names });
    expect([saved.status, saved.code, saved.data]).toEqual([200, 0, null]);
    expect((await query(a.token)).data).toMatchObject({
      platformName: 'Sunrise Grid',
      platformNameCn: '日出电网',
      platformNameEn: 'Sunrise Grid Cloud',
      languageType: 'en-US',
      slogan: 'Sunrise Grid Cloud',
    });
    expect((await query(a.token, 'zh-CN')).data.slogan).toBe('日出电网');
    // 30 characters is the limit, counted as characters, not bytes
    const thirty = '电'.repeat(30);
    expect(
      (await call(t.app, contract.savePersonalization, { token: a.token, body: { ...names, platformNameCn: thirty } }))
        .code,
    ).toBe(0);
    expect((await query(a.token)).data.platformNameCn).toBe(thirty);
    expect((await auditActions(a.enterpriseId)).length).toBe(2);
  });

  it('refuses names that break the rules with 1000400 and the field', async () => {
    const a = await companyWithAdmin(t.app);
    const before = (await query(a.token)).data;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...names, platformName: '   ' }, { platformName: 'validation.platformNameRequired' }],
      [{ ...names, platformNameCn: 'x'.repeat(31) }, { platformNameCn: 'validation.companyFieldTooLong' }],
      [{ ...names, platformNameEn: undefined }, { platformNameEn: 'validation.platformNameRequired' }],
      [{ ...names, languageType: 'fr-FR' }, { languageType: 'validation.languageInvalid' }],
      [{ ...names, slogan: 'mine' }, { slogan: 'validation.unknownField' }],
      [{ ...names, enterpriseId: 1 }, { enterpriseId: 'validation.unknownField' }],
      [{ ...names, platformName: 7 }, { platformName: 'validation.platformNameRequired' }],
    ];
    for (const [body, fields] of cases) {
      const reply = await call(t.app, contract.savePersonalization, { token: a.token, body });
      expect([reply.status, reply.code], JSON.stringify(body)).toEqual([400, 1000400]);
      expect(reply.data.fields).toMatchObject(fields);
    }
    expect((await query(a.token)).data).toEqual(before);
    expect(await auditActions(a.enterpriseId)).toEqual([]);
  });

  it('takes a PNG and a JPEG by their content, serves them under a new version each time', async () => {
    const a = await companyWithAdmin(t.app);
    const before = (await query(a.token)).data.icon;
    expect(before).toBe(`${ICON}/${a.enterpriseId}?v=0`);

    const png = pngImage();
    const first = await uploadIcon(t.app, a.token, { content: png, filename: 'logo.png', contentType: 'image/png' });
    expect([first.status, first.code, first.data]).toEqual([200, 0, { icon: `${ICON}/${a.enterpriseId}?v=1` }]);
    expect((await query(a.token)).data.icon).toBe(first.data.icon);
    const served = await t.app.inject({ method: 'GET', url: first.data.icon });
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);

    // the declared name and type do not count: a JPEG called .png is stored and served as a JPEG
    const jpeg = jpegImage();
    const second = await uploadIcon(t.app, a.token, { content: jpeg, filename: 'logo.png', contentType: 'image/png' });
    expect(second.data).toEqual({ icon: `${ICON}/${a.enterpriseId}?v=2` });
    const jpegServed = await t.app.inject({ method: 'GET', url: second.data.icon });
    expect(jpegServed.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(jpegServed.rawPayload, jpeg)).toBe(0);
    expect(jpegServed.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const audit = await auditActions(a.enterpriseId);
    expect(audit.map((row) => JSON.parse(row.detail!).icon)).toEqual([
      { type: 'image/png', bytes: png.length, version: 1 },
      { type: 'image/jpeg', bytes: jpeg.length, version: 2 },
    ]);
  });

  it("resets an uploaded icon to the platform's, under a new version, and says which it shows", async () => {
    const a = await companyWithAdmin(t.app);
    expect((await query(a.token)).data).toMatchObject({ icon: `${ICON}/${a.enterpriseId}?v=0`, customIcon: false });
    await uploadIcon(t.app, a.token, { content: pngImage() });
    expect((await query(a.token)).data).toMatchObject({ icon: `${ICON}/${a.enterpriseId}?v=1`, customIcon: true });

    const reset = await call(t.app, contract.resetIcon, { token: a.token });
    expect([reset.status, reset.code, reset.data]).toEqual([200, 0, { icon: `${ICON}/${a.enterpriseId}?v=2` }]);
    expect((await query(a.token)).data).toMatchObject({ icon: reset.data.icon, customIcon: false });
    const served = await t.app.inject({ method: 'GET', url: reset.data.icon });
    expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(served.headers['cache-control']).not.toMatch(/immutable/);
    const audit = await auditActions(a.enterpriseId);
    expect(JSON.parse(audit.at(-1)!.detail!)).toEqual({ icon: { reset: true, version: 2 } });
  });

  it('refuses a GIF, text called .png, an empty file and a missing file with 1000400', async () => {
    const a = await companyWithAdmin(t.app);
    const refused = [
      { content: gifImage(), filename: 'logo.gif', contentType: 'image/gif' },
      { content: gifImage(), filename: 'logo.png', contentType: 'image/png' },
      { content: 'just some text, not an image', filename: 'logo.png', contentType: 'image/png' },
      { content: '<svg xmlns="http://www.w3.org/2000/svg"></svg>', filename: 'logo.svg', contentType: 'image/svg+xml' },
      { content: Buffer.alloc(0), filename: 'empty.png', contentType: 'image/png' },
    ];
    for (const file of refused) {
      const reply = await uploadIcon(t.app, a.token, file);
      expect([reply.status, reply.code, reply.data], file.filename).toEqual([
        400,
        1000400,
        { fields: { file: 'validation.imageType' } },
      ]);
    }
    const noFile = multipart([]);
    const empty = await t.app.inject({
      method: 'POST',
      url: ICON,
      headers: { 'content-type': noFile.contentType, authorization: `Bearer ${a.token}` },
      payload: noFile.payload,
    });
    expect([empty.statusCode, empty.json().code]).toEqual([400, 1000400]);
    expect((await query(a.token)).data.icon).toBe(`${ICON}/${a.enterpriseId}?v=0`);
  });

  it('refuses another part beside the file, a file under another name, and a second file', async () => {
    const a = await companyWithAdmin(t.app);
    const withField = await uploadIcon(t.app, a.token, { content: pngImage() }, [
      { name: 'enterpriseId', content: '1' },
    ]);
    expect([withField.status, withField.code]).toEqual([400, 1000400]);
    const twoFiles = await uploadIcon(t.app, a.token, { content: pngImage() }, [
      { name: 'file', content: pngImage(), filename: 'b.png', contentType: 'image/png' },
    ]);
    expect([twoFiles.status, twoFiles.code]).toEqual([400, 1000400]);
    const { payload, contentType } = multipart([
      { name: 'image', content: pngImage(), filename: 'a.png', contentType: 'image/png' },
    ]);
    const misnamed = await t.app.inject({
      method: 'POST',
      url: ICON,
      headers: { 'content-type': contentType, authorization: `Bearer ${a.token}` },
      payload,
    });
    expect([misnamed.statusCode, misnamed.json().code, misnamed.json().data]).toEqual([
      400,
      1000400,
      { fields: { image: 'validation.unknownField' } },
    ]);
    expect((await query(a.token)).data.icon).toBe(`${ICON}/${a.enterpriseId}?v=0`);
  });

  it('takes an image just under 5 MB and refuses 5 MB or more with 1000413 (HTTP 413)', async () => {
    const a = await companyWithAdmin(t.app);
    const under = await uploadIcon(t.app, a.token, { content: pngOfSize(IMAGE_MAX_BYTES - 1) });
    expect([under.status, under.code]).toEqual([200, 0]);
    for (const size of [IMAGE_MAX_BYTES, IMAGE_MAX_BYTES + 1, IMAGE_MAX_BYTES + 200 * 1024]) {
      const reply = await uploadIcon(t.app, a.token, { content: pngOfSize(size) });
      expect([reply.status, reply.code], String(size)).toEqual([413, 1000413]);
    }
    expect((await query(a.token)).data.icon).toBe(`${ICON}/${a.enterpriseId}?v=1`);
  });

  it('stops a streamed upload without a declared length at the limit, also with 1000413', async () => {
    const a = await companyWithAdmin(t.app);
    const { payload, contentType } = multipart([
      {
        name: 'file',
        content: pngOfSize(IMAGE_MAX_BYTES + 1024 * 1024),
        filename: 'big.png',
        contentType: 'image/png',
      },
    ]);
    const chunks = Array.from({ length: Math.ceil(payload.length / 65536) }, (_, i) =>
      payload.subarray(i * 65536, (i + 1) * 65536),
    );
    const reply = await t.app.inject({
      method: 'POST',
      url: ICON,
      headers: { 'content-type': contentType, authorization: `Bearer ${a.token}`, 'transfer-encoding': 'chunked' },
      payload: Readable.from(chunks),
    });
    expect([reply.statusCode, reply.json().code]).toEqual([413, 1000413]);
  });

  it('knows multipart only for the upload: JSON there and multipart elsewhere are 415', async () => {
    const a = await companyWithAdmin(t.app);
    const json = await call(t.app, contract.uploadIcon, { token: a.token, body: { file: 'iVBORw0KGgo=' } });
    expect([json.status, json.code]).toEqual([415, 1000400]);
    const { payload, contentType } = multipart([{ name: 'platformName', content: 'Multipart' }]);
    for (const url of [contract.savePersonalization.path, contract.createDepartment.path, contract.login.path]) {
      const reply = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType, authorization: `Bearer ${a.token}` },
        payload,
      });
      expect([reply.statusCode, reply.json().code], url).toEqual([415, 1000400]);
    }
  });
});
