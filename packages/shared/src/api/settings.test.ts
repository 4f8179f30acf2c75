import { describe, expect, it } from 'vitest';
import {
  createCompanyInvitationRequestSchema,
  createDepartmentRequestSchema,
  createMemberRequestSchema,
  membersQuerySchema,
  savePersonalizationRequestSchema,
} from './settings.ts';

/** The settings forms and the server share these rules; the server's tests cover the calls. */
describe('settings centre schemas', () => {
  it('stores a new member account in lower case and treats blank optional fields as absent', () => {
    const parsed = createMemberRequestSchema.parse({
      account: 'Field.Tech',
      nickname: ' Tech ',
      password: 'FieldTech2026',
      phone: '',
      email: '  ',
    });
    expect(parsed).toEqual({ account: 'field.tech', nickname: 'Tech', password: 'FieldTech2026' });
  });

  it('counts name limits in characters, so 30 Chinese characters fit', () => {
    const names = { platformName: '电'.repeat(30), platformNameCn: '电', platformNameEn: 'E', languageType: 'zh-CN' };
    expect(savePersonalizationRequestSchema.safeParse(names).success).toBe(true);
    const long = savePersonalizationRequestSchema.safeParse({ ...names, platformName: '电'.repeat(31) });
    expect(long.error?.issues[0]?.message).toBe('validation.companyFieldTooLong');
    expect(createDepartmentRequestSchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe(
      'validation.departmentNameRequired',
    );
  });

  it('pages members 20 at a time by default, at most 100', () => {
    expect(membersQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(membersQuerySchema.parse({ page: '2', pageSize: '100', keyword: ' ann ' })).toEqual({
      page: 2,
      pageSize: 100,
      keyword: 'ann',
    });
    expect(membersQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
  });

  it('lets a company administrator invite members and owners only, and names no company', () => {
    expect(createCompanyInvitationRequestSchema.safeParse({ kind: 'member' }).success).toBe(true);
    expect(createCompanyInvitationRequestSchema.safeParse({ kind: 'admin' }).success).toBe(false);
    expect(createCompanyInvitationRequestSchema.safeParse({ kind: 'member', enterpriseId: 1 }).success).toBe(false);
  });
});
