import type { CurrentUser } from '@portal/shared/api/auth';
import { API_PREFIX } from '@portal/shared/api/contract/prefixes';
import type { Personalization } from '@portal/shared/api/personalization';
import type { PortalInfo } from '@portal/shared/api/portal';

/** Replies of the session calls, shaped as the shared schemas say, for the screens' tests. */
export const testUser: CurrentUser = {
  userId: 1,
  account: 'admin',
  nickname: 'Admin',
  phone: '13800000000',
  email: null,
  langCode: 'en-US',
  local: 'en_US',
  userType: 'investors',
  phoneCertified: true,
  emailVerified: false,
  hasPassword: true,
  twoStepEnabled: false,
  twoStepSetupRequired: false,
};

export function testPortalInfo(productCount: number, user: CurrentUser = testUser): PortalInfo {
  return {
    enterpriseId: 7,
    production: false,
    userinfo: user,
    enterpriseProduct: [
      {
        enterpriseId: 7,
        enterpriseName: 'Green Demo Ltd',
        abbreviation: 'GreenDemo',
        domain: 'greendemo',
        role: 'admin',
        productList: [
          { id: 6, productCode: 'saas-es-actuary', name: 'ES Actuary', entryPath: '/cesuan' },
          { id: 1, productCode: 'esguard', name: 'Energy Storage Manager', entryPath: '/es' },
        ].slice(0, productCount),
      },
    ],
  };
}

export const testPersonalization: Personalization = {
  icon: `${API_PREFIX}/settcntr/admin/v4/enterprise/personalization/icon/7?v=3`,
  customIcon: true,
  platformName: 'GreenDemo',
  platformNameCn: '绿能云',
  platformNameEn: 'Green Cloud',
  languageType: 'zh-CN',
  slogan: 'Green Cloud',
};
