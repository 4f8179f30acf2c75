import type { Language } from '../constants.ts';

/**
 * The portal's words, one per concept and language, and the variants that must not come back. A reader of
 * one screen should never meet two names for one thing, nor two ways of addressing them; glossary.test.ts
 * holds every locale string to this list. Add a term here before using a new one in the texts.
 */
export type Concept =
  | 'twoStepSignIn'
  | 'passkey'
  | 'session'
  | 'company'
  | 'password'
  /** The code sent by SMS or email. */
  | 'sentCode'
  /** The changing code of an authenticator app: never called by the sent code's name. */
  | 'authenticatorCode'
  /** How the password rule names its character classes, in the rule's message and in every hint. */
  | 'passwordClasses';

export interface Banned {
  readonly pattern: RegExp;
  /** What to write instead. */
  readonly instead: string;
}

export interface LanguageGlossary {
  /** How the portal addresses the reader. */
  readonly register: string;
  /** The chosen word of each concept; every one of them appears in the texts. */
  readonly terms: Readonly<Record<Concept, string>>;
  readonly banned: readonly Banned[];
}

/** Placeholders that carry names (people, companies, products, roles) and may themselves be Chinese or Japanese. */
const NAME = String.raw`\{\{(?:name|company|inviter|product|title|role|from|to|kind|method)\}\}`;
const CJK = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]`;

/** Chinese and Japanese share their punctuation rules: full-width marks, no spaces set around a name. */
const CJK_TYPOGRAPHY: readonly Banned[] = [
  { pattern: /[()]/, instead: 'full-width brackets （）' },
  { pattern: /(?<!\d):|:(?!\d)/, instead: 'a full-width colon ：(a half-width one only in a time such as 00:01)' },
  { pattern: /[,;!?](?=\s*\S)/u, instead: 'full-width ，；！？' },
  { pattern: new RegExp(`${CJK} +${NAME}|${NAME} +${CJK}`, 'u'), instead: 'no space between a name and the text' },
];

/** Where the authenticator's code is named: the sent code's word would send the reader to their SMS or mail. */
export const AUTHENTICATOR_CODE_KEYS = [
  'twoStep.code',
  'twoStep.codeLabel',
  'twoStep.codeInvalid',
  'twoStep.codeOrRecovery',
  'twoStep.signInHint',
  'errors.1009160',
] as const;

/** Where the password rule is stated: the rule's message and the hints under every new-password field. */
export const PASSWORD_RULE_KEY = 'validation.passwordRule';
export const PASSWORD_HINT_KEYS = [
  'personal.passwordRuleHint',
  'registration.account.passwordPlaceholder',
  'registration.reset.newPasswordPlaceholder',
  'settings.members.passwordHint',
] as const;

export const GLOSSARY: Readonly<Record<Language, LanguageGlossary>> = {
  'zh-CN': {
    register: '你 (informal, the product’s voice), never 您',
    terms: {
      twoStepSignIn: '两步登录',
      passkey: '通行密钥',
      session: '会话',
      company: '企业',
      password: '密码',
      authenticatorCode: '动态码',
      sentCode: '验证码',
      passwordClasses: '大写字母、小写字母和数字',
    },
    banned: [
      { pattern: /您/, instead: '你' },
      { pattern: /贵企业|贵公司/, instead: '你的企业' },
      { pattern: /两步验证|二次验证|双重验证|双因素|二步验证/, instead: '两步登录' },
      {
        pattern: /动态码.*验证码|验证码错误/,
        instead: '动态码 for the authenticator’s code (验证码 is the SMS or email code)',
      },
      { pattern: /公司/, instead: '企业' },
      { pattern: /通行秘钥|通行码/, instead: '通行密钥' },
      ...CJK_TYPOGRAPHY,
    ],
  },
  'en-US': {
    register: 'you, plain and direct',
    terms: {
      twoStepSignIn: 'two-step sign-in',
      passkey: 'passkey',
      session: 'session',
      company: 'company',
      password: 'password',
      authenticatorCode: 'two-step code',
      sentCode: 'verification code',
      passwordClasses: 'uppercase and lowercase letters and numbers',
    },
    banned: [
      { pattern: /two-step verification|two-factor|2FA|2-step|\bMFA\b/i, instead: 'two-step sign-in' },
      { pattern: /\benterprises?\b/i, instead: 'company' },
      { pattern: /security key/i, instead: 'passkey' },
      {
        pattern: /upper case|lower case|upper and lower|letters and digits/i,
        instead: 'uppercase and lowercase letters and numbers',
      },
      // American spelling throughout, as the navigation's "Personal center" and "Settings Center" have it
      { pattern: /centre/i, instead: 'center' },
      { pattern: /\b(?:authori|recogni|organi|customi)s/i, instead: 'the -ize spelling' },
      { pattern: /cancell(?:ed|ing)/i, instead: 'canceled' },
    ],
  },
  'de-DE': {
    register: 'Sie, never du',
    terms: {
      twoStepSignIn: 'Zwei-Schritt-Anmeldung',
      passkey: 'Passkey',
      session: 'Sitzung',
      company: 'Unternehmen',
      password: 'Passwort',
      authenticatorCode: 'Zwei-Schritt-Code',
      sentCode: 'Bestätigungscode',
      passwordClasses: 'Groß- und Kleinbuchstaben sowie Ziffern',
    },
    banned: [
      { pattern: /\b(?:du|dich|dir|dein\w*|kannst|hast|bist|musst|willst)\b/, instead: 'Sie' },
      {
        pattern: /in zwei Schritten|Zwei-Faktor|2FA|Zwei-Schritt-Verifizierung|Zwei-Schritt-Bestätigung/i,
        instead: 'Zwei-Schritt-Anmeldung',
      },
      { pattern: /Zugangsschlüssel|Passschlüssel/, instead: 'Passkey' },
      { pattern: /\bFirm(?:a|en)\b/, instead: 'Unternehmen' },
      { pattern: /Kennwort/, instead: 'Passwort' },
      { pattern: /\bSession/, instead: 'Sitzung' },
    ],
  },
  'es-ES': {
    register: 'usted, never tú',
    terms: {
      twoStepSignIn: 'inicio de sesión en dos pasos',
      passkey: 'llave de acceso',
      session: 'sesión',
      company: 'empresa',
      password: 'contraseña',
      authenticatorCode: 'código de dos pasos',
      sentCode: 'código de verificación',
      passwordClasses: 'mayúsculas, minúsculas y números',
    },
    banned: [
      {
        pattern: /(?<![\p{L}])(?:tú|tu|tus|te|ti|contigo|puedes|tienes|eres|debes|quieres)(?![\p{L}])/iu,
        instead: 'usted',
      },
      {
        pattern: /verificación en dos pasos|autenticación en dos (?:pasos|factores)|doble factor/i,
        instead: 'inicio de sesión en dos pasos',
      },
      { pattern: /passkey|clave de acceso/i, instead: 'llave de acceso' },
      { pattern: /compañía|organización/i, instead: 'empresa' },
      { pattern: /minúsculas y dígitos/i, instead: 'mayúsculas, minúsculas y números (the password rule’s words)' },
    ],
  },
  'it-IT': {
    register: 'tu, never Lei',
    terms: {
      twoStepSignIn: 'accesso in due passaggi',
      passkey: 'passkey',
      session: 'sessione',
      company: 'azienda',
      password: 'password',
      authenticatorCode: 'codice di accesso in due passaggi',
      sentCode: 'codice di verifica',
      passwordClasses: 'lettere maiuscole, lettere minuscole e numeri',
    },
    banned: [
      { pattern: /\b(?:Lei|Suo|Sua|Suoi|Sue|La preghiamo)\b/, instead: 'tu' },
      {
        pattern: /verifica in due passaggi|autenticazione a due fattori|in due fasi/i,
        instead: 'accesso in due passaggi',
      },
      { pattern: /parola chiave/i, instead: 'password' },
      { pattern: /chiav[ei] di accesso/i, instead: 'passkey' },
      { pattern: /\bsociet[àa]\b|\bimpres[ae]\b/i, instead: 'azienda' },
    ],
  },
  'ja-JP': {
    register: 'です／ます',
    terms: {
      twoStepSignIn: '2段階ログイン',
      passkey: 'パスキー',
      session: 'セッション',
      company: '企業',
      password: 'パスワード',
      authenticatorCode: '2段階ログインのコード',
      sentCode: '認証コード',
      passwordClasses: '英大文字・英小文字・数字',
    },
    banned: [
      { pattern: /[2二２]\s*段階\s*(?:認証|確認)|2 段階/, instead: '2段階ログイン' },
      { pattern: /会社|貴社|御社/, instead: '企業 (所属企業 for the reader’s own)' },
      { pattern: /確認コード/, instead: '認証コード (the code sent by SMS or email)' },
      { pattern: /(?:だ|である)。/, instead: 'です／ます' },
      ...CJK_TYPOGRAPHY,
    ],
  },
};
