import type { PortalInfo } from '@portal/shared/api/portal';

/** Portal info of a person in one company, with that company's role and products. */
export function portalInfo(role: 'admin' | 'member', productCodes: string[]): PortalInfo {
  return {
    enterpriseId: 7,
    userinfo: {
      userId: 1,
      account: 'boss',
      nickname: 'Boss',
      phone: '13800000000',
      email: null,
      langCode: 'en-US',
      local: 'en_US',
      userType: 'investors',
      phoneCertified: true,
      hasPassword: true,
    },
    enterpriseProduct: [
      {
        enterpriseId: 7,
        enterpriseName: 'Sun Energy Ltd',
        abbreviation: 'SunCo',
        domain: 'sunco',
        role,
        productList: productCodes.map((productCode, i) => ({
          id: i + 1,
          productCode,
          name: productCode,
          entryPath: '/x',
        })),
      },
    ],
  };
}
