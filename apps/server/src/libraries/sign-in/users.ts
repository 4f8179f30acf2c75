import type { CurrentUser } from '@portal/shared/api/auth';
import type { UserRow } from '../../queries/users.ts';

/** The public view of a user (`user/current`, `_userInfo`). `twoStepSetupRequired`: a company of the
 *  user requires two-step sign-in (the caller knows the user's companies). */
export function toCurrentUser(user: UserRow, twoStepSetupRequired: boolean): CurrentUser {
  const langCode = user.lang_code;
  return {
    userId: user.id,
    account: user.account,
    nickname: user.nickname,
    phone: user.phone,
    email: user.email,
    langCode,
    local: langCode.replace('-', '_'),
    userType: user.user_type,
    phoneCertified: user.phone_certified === 1,
    emailVerified: user.email_verified === 1,
    hasPassword: user.password_hash !== null,
    twoStepEnabled: user.totp_enabled_at !== null,
    twoStepSetupRequired: twoStepSetupRequired && user.totp_enabled_at === null,
  };
}
