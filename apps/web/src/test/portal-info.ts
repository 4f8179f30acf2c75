import type { PortalInfo } from '@portal/shared/api/portal';
import { testUser } from './session-fixtures';

/** Portal info of a person in one company, with that company's role and products. */
export function portalInfo(role: 'admin' | 'member', productCodes: string[]): PortalInfo {
  return {
    enterpriseId: 7,
    production: false,
    userinfo: { ...testUser, account: 'boss', nickname: 'Boss' },
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
