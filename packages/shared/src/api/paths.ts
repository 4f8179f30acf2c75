/**
 * Every call of the contract, declared once: the server registers its routes under these paths, the
 * web app calls them and the tests send to them. The three prefixes are the contract's F (front),
 * A (personal centre) and S (settings centre).
 */
export const API_PREFIX = '/api';
export const FRONT_PREFIX = `${API_PREFIX}/portal/front/v4`;
export const ACCOUNT_PREFIX = `${API_PREFIX}/portal/admin/v4`;
export const SETTINGS_PREFIX = `${API_PREFIX}/settcntr/admin/v4`;

const F = FRONT_PREFIX;
const A = ACCOUNT_PREFIX;
const S = `${SETTINGS_PREFIX}/enterprise`;

export const apiPaths = {
  // sign-in and the session
  login: `${F}/user/login`,
  logout: `${F}/user/logout`,
  currentUser: `${F}/user/current`,
  loginTwoStep: `${F}/user/login/two-step`,
  // verification codes
  sendSms: `${F}/sendSms`,
  sendEmail: `${F}/send-email`,
  checkPhoneCode: `${F}/checkCode`,
  checkEmailCode: `${F}/email/checkCode`,
  // registration through a link
  referralInfo: `${API_PREFIX}/referral/info/:id`,
  signUpCheck: `${F}/personalSignUpCheck`,
  adminSignUp: `${F}/admin/signup`,
  ownerSignUp: `${F}/user/ownerEnterpriseSignup`,
  memberSignUp: `${F}/user/boundEnterpriseSignUp`,
  bindEnterprise: `${F}/user/boundEnterprise`,
  personalSignUp: `${F}/user/signUp`,
  // the person's own account
  updateNickname: `${A}/user/updatenickname`,
  updatePhone: `${A}/user/updatephone`,
  updateEmail: `${A}/user/updateEmail`,
  updatePassword: `${A}/user/updatepwd`,
  saveLanguage: `${F}/user/saveLangCode`,
  certification: `${F}/user/queryUserCertified`,
  phoneAuth: `${F}/user/phoneAuth`,
  allowModifyPassword: `${F}/user/allowModifyPassword`,
  forgetPassword: `${F}/user/forgetPasswd`,
  // two-step sign-in with an authenticator app
  twoStep: `${F}/personal/two-step`,
  twoStepSetup: `${F}/personal/two-step/setup`,
  twoStepConfirm: `${F}/personal/two-step/confirm`,
  twoStepDisable: `${F}/personal/two-step/disable`,
  // a fresh proof of the person before a sensitive change
  reauthenticate: `${F}/personal/reauthenticate`,
  // the person's own sessions
  mySessions: `${F}/personal/sessions`,
  revokeMySession: `${F}/personal/sessions/revoke`,
  revokeMyOtherSessions: `${F}/personal/sessions/revoke-others`,
  // passkeys (WebAuthn): the person's own, and signing in with one
  passkeys: `${F}/personal/passkeys`,
  passkeyRegistrationOptions: `${F}/personal/passkeys/registration-options`,
  renamePasskey: `${F}/personal/passkeys/rename`,
  removePasskey: `${F}/personal/passkeys/remove`,
  passkeySignInOptions: `${F}/user/login/passkey/options`,
  passkeySignIn: `${F}/user/login/passkey`,
  // the portal
  portalInfo: `${F}/portal/info`,
  enterEnterprise: `${F}/portal/enterprise/enter`,
  portalAdmin: `${F}/portal/user/admin`,
  // the settings centre, on the session's current company
  personalization: `${S}/personalization/query`,
  savePersonalization: `${S}/personalization/save`,
  uploadIcon: `${S}/personalization/icon`,
  resetIcon: `${S}/personalization/icon/reset`,
  members: `${S}/members`,
  createMember: `${S}/members/create`,
  updateMember: `${S}/members/update`,
  removeMember: `${S}/members/remove`,
  departments: `${S}/departments`,
  createDepartment: `${S}/departments/create`,
  renameDepartment: `${S}/departments/rename`,
  deleteDepartment: `${S}/departments/delete`,
  invitations: `${S}/invitations`,
  createInvitation: `${S}/invitations/create`,
  revokeInvitation: `${S}/invitations/revoke`,
  security: `${S}/security`,
  saveSecurity: `${S}/security/save`,
  auditEvents: `${SETTINGS_PREFIX}/audit/events`,
  auditEventsCsv: `${SETTINGS_PREFIX}/audit/events.csv`,
  auditPeople: `${SETTINGS_PREFIX}/audit/people`,
  // operations and development
  health: '/healthz',
  readiness: '/readyz',
  devOutbox: `${API_PREFIX}/dev/outbox`,
} as const;

export type ApiPath = (typeof apiPaths)[keyof typeof apiPaths];

/** A path with its `:name` parameters filled in, each encoded. */
export function fillPath(path: ApiPath, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}
