import type { CurrentUser } from '@portal/shared/api/auth';
import type { UserRow } from '../queries/users.ts';

/** The public view of a user (`user/current`, `_userInfo`). */
export function toCurrentUser(user: UserRow): CurrentUser {
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
  };
}
