/**
 * The error catalogue (docs/errors.md#the-catalogue): the platform's business codes and the portal's own.
 * The message of each code is the locale key `errors.<code>`; servers send codes, clients translate.
 */
export const ErrorCode = {
  Success: 0,
  BadRequest: 1000400,
  Unauthorized: 1000401,
  Forbidden: 1000403,
  NotFound: 1000404,
  PayloadTooLarge: 1000413,
  TooManyAttempts: 1000429,
  Internal: 1000500,
  ServiceUnavailable: 1000503,
  PasswordsDoNotMatch: 1008107,
  RegisterCodeInvalid: 1008108,
  PhoneExists: 1008109,
  RegistrationFailed: 1008110,
  PhoneSignedUp: 1008115,
  AccountDisabled: 1008117,
  RegisterAccountMissing: 1008118,
  NewEmailRegistered: 1008119,
  AccountMissing: 1009101,
  PasswordIncorrect: 1009102,
  AuthorizationFailed: 1009103,
  CodeInvalid: 1009104,
  PhoneEmpty: 1009105,
  PhoneBound: 1009106,
  DepartmentHasMembers: 1009107,
  SmsBusy: 1009108,
  DefaultDepartment: 1009109,
  AlreadyJoined: 1009110,
  FullNameEmpty: 1009111,
  AbbreviationExists: 1009112,
  FullNameExists: 1009114,
  CreditCodeExists: 1009115,
  DomainExists: 1009116,
  InvalidCredentials: 1009117,
  AbbreviationEmpty: 1009118,
  EmailFormat: 1009127,
  EmailEmpty: 1009128,
  EmailBound: 1009129,
  PhoneVerificationRequired: 1009130,
  // the person's own sessions
  SessionNotFound: 1009150,
  // two-step sign-in with an authenticator app
  TwoStepCodeInvalid: 1009160,
  TwoStepTicketInvalid: 1009161,
  TwoStepAlreadyOn: 1009162,
  TwoStepNotOn: 1009163,
  TwoStepSetupMissing: 1009164,
  TwoStepSetupRequired: 1009165,
  /** A sensitive change asks for a fresh proof (password or two-step code) within the last minutes. */
  ReauthenticationRequired: 1009166,
  /** A company of the person requires two-step sign-in, so it cannot be turned off. */
  TwoStepRequiredByCompany: 1009167,
  /** Requiring two-step sign-in of the members asks the administrator to have it first. */
  TwoStepAdministratorMissing: 1009168,
  // passkeys (WebAuthn)
  PasskeyChallengeInvalid: 1009170,
  PasskeyNotVerified: 1009171,
  PasskeyExists: 1009172,
  PasskeyLimit: 1009173,
  // the account's own identifiers and password
  PasswordUnchanged: 1009131,
  EmailUnproven: 1009132,
  // before a company's required two-step set-up, an account with no proven channel proves the phone on record
  PhoneNotOnRecord: 1009133,
  // proof of work asked of an address that sends many codes
  ProofOfWorkRequired: 1009180,
  ProofOfWorkInvalid: 1009181,
  // the company's integrations: webhook endpoints and API keys
  /** A company has WEBHOOK_ENDPOINTS_MAX endpoints already. */
  WebhookLimit: 1009190,
  /** A webhook's address is refused: plain http in production, or a loopback, private, link-local or
   *  metadata address (unless the operator allows the host). */
  WebhookAddressRefused: 1009191,
  /** A company has API_KEYS_MAX live keys already. */
  ApiKeyLimit: 1009192,
  /** A company API key manages members only: it never grants or takes the administrator role, nor
   *  changes or removes an administrator (docs/integrations.md#api-keys). */
  ApiKeyAdministratorRefused: 1009200,
  /** A company API key sent to a call that takes none: a person's session makes it. */
  ApiKeyCallRefused: 1009201,
  // sites shared between companies (docs/site-grants.md)
  /** The company owns SITES_MAX live sites already. */
  SiteLimit: 1009240,
  /** Another live site of the owner has the name. */
  SiteNameTaken: 1009241,
  /** A site's products are a subset of its owner's. */
  SiteProductNotHeld: 1009242,
  /** A retired site is neither changed nor shared. */
  SiteRetired: 1009243,
  /** No company has the domain a share names. */
  GrantCompanyUnknown: 1009244,
  /** The company owns the site, or holds it already: no second grant, no share back, no cycle. */
  GrantHolderRefused: 1009245,
  /** A template with a capability the grant it comes from lacks. */
  GrantWider: 1009246,
  /** An end later than the grant it comes from (open under one that ends). */
  GrantEndsLater: 1009247,
  /** Sharing on, or passing share-on, from a grant that may not share. */
  GrantNoShareRight: 1009248,
  /** Sharing on from, or assigning, a grant not in effect now. */
  GrantNotActive: 1009249,
  /** A chain deeper than SITE_GRANT_DEPTH_MAX. */
  GrantDepthLimit: 1009250,
  /** The site has SITE_GRANTS_MAX live grants already. */
  GrantLimit: 1009251,
  /** An end before the start, or in the past. */
  GrantTimesInvalid: 1009252,
  /** The person or department holds this grant or site already. */
  AssignmentExists: 1009253,
  /** A call of the decision point (AuthZEN) without a product's client: no client credentials or
   *  access token of a client, or wrong ones (docs/site-grants.md#decisions). */
  ProductClientUnauthorized: 1009260,
  /** The company has granted support access already, and it has not ended (docs/support-access.md). */
  SupportAccessActive: 1009290,
  /** A session of the platform's support acting in a company may not make this call: security
   *  settings, grants, API keys, webhooks, credentials and approvals stay the company's own. */
  SupportRefused: 1009291,
  /** No support access to this company now: none granted, ended, or the person is no support staff. */
  SupportAccessUnavailable: 1009292,
  // support requests a company approves (docs/support-access.md#requests)
  /** The company cannot be asked: it does not exist, it is the person's support company, or the person
   *  is no support staff; one answer for all. */
  SupportRequestUnavailable: 1009293,
  /** The support person has an open request to this company already. */
  SupportRequestPending: 1009294,
  /** The support person has SUPPORT_REQUESTS_OPEN_PER_PERSON open requests already. */
  SupportRequestPersonLimit: 1009295,
  /** The company has SUPPORT_REQUESTS_OPEN_PER_COMPANY open support requests already. */
  SupportRequestCompanyLimit: 1009296,
  /** The support request was approved, refused or expired already. */
  SupportRequestNotOpen: 1009297,
  /** An approval longer than the support request asked. */
  SupportRequestApprovalLonger: 1009298,
  // access to a site on request (docs/site-grants.md#requests-for-a-site)
  /** The person has ACCESS_REQUESTS_OPEN_PER_PERSON open requests already. */
  AccessRequestPersonLimit: 1009270,
  /** The person's company has ACCESS_REQUESTS_OPEN_PER_COMPANY open requests already. */
  AccessRequestCompanyLimit: 1009271,
  /** The request was approved, refused or expired already. */
  AccessRequestNotOpen: 1009272,
  /** An approval longer or wider than the request asked. */
  AccessRequestApprovalWider: 1009273,
  /** The company holds the site as widely as the request asks already. */
  AccessRequestHeld: 1009274,
  /** The person has an open request for the site already. */
  AccessRequestPending: 1009275,
  /** Longer than the owner company's cap of access on request; `data.capHours` names the cap. */
  AccessRequestOverCap: 1009276,
  // gateways claimed into a site (docs/site-grants.md#gateways)
  /** The serial is claimed into this site already. */
  DeviceSerialClaimed: 1009300,
  /** The person may not claim gateways into this site: neither an administrator of its owner nor of a
   *  company whose grant on it has the `configure` capability. */
  DeviceClaimNotAllowed: 1009301,
  /** The claim is unknown, used, late, or for another serial or code: one answer for all. */
  DeviceClaimInvalid: 1009302,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
export type FailureCode = Exclude<ErrorCode, 0>;

export const FAILURE_CODES = Object.values(ErrorCode).filter((c) => c !== 0) as FailureCode[];

/** HTTP status of each code; business rejections not listed here are HTTP 200 (docs/errors.md#http-statuses). */
const HTTP_STATUS: Partial<Record<FailureCode, number>> = {
  [ErrorCode.BadRequest]: 400,
  [ErrorCode.Unauthorized]: 401,
  [ErrorCode.ProductClientUnauthorized]: 401,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.TooManyAttempts]: 429,
  [ErrorCode.Internal]: 500,
  [ErrorCode.ServiceUnavailable]: 503,
};

export function httpStatusOf(code: FailureCode): number {
  return HTTP_STATUS[code] ?? 200;
}

export function isKnownErrorCode(value: unknown): value is FailureCode {
  return typeof value === 'number' && (FAILURE_CODES as number[]).includes(value);
}

export function errorMessageKey(code: FailureCode): `errors.${FailureCode}` {
  return `errors.${code}`;
}
