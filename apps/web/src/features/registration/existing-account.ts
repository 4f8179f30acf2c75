/**
 * `admin/signup` and `user/ownerEnterpriseSignup` keep the existing account of the ticket's phone as
 * it is and ignore the account fields, which their request schema nevertheless requires. The
 * person is not asked for them; these values satisfy the rules and are never used (the password is
 * random, so it could not become a known credential even if they were).
 */
export function ignoredAccountFields(phone: string): { nickname: string; password: string; confirmPassword: string } {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
  // upper case, lower case and a digit up front, whatever the random part holds
  const password = `Aa1${random}`;
  return { nickname: phone, password, confirmPassword: password };
}
