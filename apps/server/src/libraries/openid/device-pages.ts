import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Language } from '@portal/shared/constants';
import { brandLine, clientName, escapeHtml, lookOf, page } from './pages.ts';

/**
 * The pages of device sign-in (RFC 8628), drawn as the provider's other pages (pages.ts): the code
 * entry, the confirmation that names the device's product, the site it will act on and where the
 * request came from, and the page after. The forms are the library's; the buttons submit them.
 */
interface DeviceTexts {
  title: string;
  enter: string;
  code: string;
  next: string;
  wrong: string;
  locked: string;
  refused: string;
  confirmTitle: string;
  confirm: (product: string) => string;
  site: string;
  from: string;
  codeShown: string;
  warning: string;
  approve: string;
  refuse: string;
  done: (product: string) => string;
}

const TEXTS: Record<Language, DeviceTexts> = {
  'zh-CN': {
    title: '设备登录',
    enter: '请输入设备屏幕上显示的代码。',
    code: '代码',
    next: '继续',
    wrong: '代码不正确或已过期，请再试一次。',
    locked: '从此网络输入错误代码的次数过多，请 15 分钟后再试。',
    refused: '已拒绝，设备没有登录。',
    confirmTitle: '确认设备登录',
    confirm: (product) => `设备请求以你的身份登录${product}。`,
    site: '站点',
    from: '请求来自',
    codeShown: '设备上显示的代码',
    warning: '只有当这台设备就在你面前并且显示相同的代码时才批准。',
    approve: '批准',
    refuse: '拒绝',
    done: (product) => `设备已登录${product}，可以关闭此页面。`,
  },
  'en-US': {
    title: 'Device sign-in',
    enter: "Enter the code shown on the device's screen.",
    code: 'Code',
    next: 'Continue',
    wrong: 'The code is wrong or has expired. Try again.',
    locked: 'Too many wrong codes were entered from this network. Try again in 15 minutes.',
    refused: 'Refused: the device is not signed in.',
    confirmTitle: 'Confirm the device sign-in',
    confirm: (product) => `A device asks to sign in to ${product} as you.`,
    site: 'Site',
    from: 'Request from',
    codeShown: 'Code on the device',
    warning: 'Approve only if the device is in front of you and shows the same code.',
    approve: 'Approve',
    refuse: 'Refuse',
    done: (product) => `The device is signed in to ${product}. You can close this page.`,
  },
  'de-DE': {
    title: 'Geräteanmeldung',
    enter: 'Geben Sie den Code ein, den das Gerät anzeigt.',
    code: 'Code',
    next: 'Weiter',
    wrong: 'Der Code ist falsch oder abgelaufen. Versuchen Sie es erneut.',
    locked: 'Aus diesem Netz wurden zu viele falsche Codes eingegeben. Versuchen Sie es in 15 Minuten erneut.',
    refused: 'Abgelehnt: Das Gerät ist nicht angemeldet.',
    confirmTitle: 'Geräteanmeldung bestätigen',
    confirm: (product) => `Ein Gerät möchte sich in Ihrem Namen bei ${product} anmelden.`,
    site: 'Standort',
    from: 'Anfrage von',
    codeShown: 'Code auf dem Gerät',
    warning: 'Bestätigen Sie nur, wenn das Gerät vor Ihnen steht und denselben Code zeigt.',
    approve: 'Bestätigen',
    refuse: 'Ablehnen',
    done: (product) => `Das Gerät ist bei ${product} angemeldet. Sie können diese Seite schließen.`,
  },
  'es-ES': {
    title: 'Inicio de sesión del dispositivo',
    enter: 'Introduce el código que muestra la pantalla del dispositivo.',
    code: 'Código',
    next: 'Continuar',
    wrong: 'El código es incorrecto o ha caducado. Inténtalo de nuevo.',
    locked:
      'Se han introducido demasiados códigos incorrectos desde esta red. Inténtalo de nuevo dentro de 15 minutos.',
    refused: 'Rechazado: el dispositivo no ha iniciado sesión.',
    confirmTitle: 'Confirmar el inicio de sesión del dispositivo',
    confirm: (product) => `Un dispositivo pide iniciar sesión en ${product} en tu nombre.`,
    site: 'Instalación',
    from: 'Solicitud desde',
    codeShown: 'Código en el dispositivo',
    warning: 'Aprueba solo si el dispositivo está delante de ti y muestra el mismo código.',
    approve: 'Aprobar',
    refuse: 'Rechazar',
    done: (product) => `El dispositivo ha iniciado sesión en ${product}. Puedes cerrar esta página.`,
  },
  'it-IT': {
    title: 'Accesso del dispositivo',
    enter: 'Inserisci il codice mostrato sullo schermo del dispositivo.',
    code: 'Codice',
    next: 'Continua',
    wrong: 'Il codice è errato o scaduto. Riprova.',
    locked: 'Da questa rete sono stati inseriti troppi codici errati. Riprova tra 15 minuti.',
    refused: "Rifiutato: il dispositivo non ha eseguito l'accesso.",
    confirmTitle: "Conferma l'accesso del dispositivo",
    confirm: (product) => `Un dispositivo chiede di accedere a ${product} a tuo nome.`,
    site: 'Sito',
    from: 'Richiesta da',
    codeShown: 'Codice sul dispositivo',
    warning: 'Approva solo se il dispositivo è davanti a te e mostra lo stesso codice.',
    approve: 'Approva',
    refuse: 'Rifiuta',
    done: (product) => `Il dispositivo ha eseguito l'accesso a ${product}. Puoi chiudere questa pagina.`,
  },
  'ja-JP': {
    title: 'デバイスのサインイン',
    enter: 'デバイスの画面に表示されたコードを入力してください。',
    code: 'コード',
    next: '続行',
    wrong: 'コードが正しくないか、有効期限が切れています。もう一度お試しください。',
    locked: 'このネットワークから誤ったコードが何度も入力されました。15 分後にもう一度お試しください。',
    refused: '拒否しました。デバイスはサインインしていません。',
    confirmTitle: 'デバイスのサインインの確認',
    confirm: (product) => `デバイスがあなたとして${product}にサインインしようとしています。`,
    site: 'サイト',
    from: '要求元',
    codeShown: 'デバイスに表示されたコード',
    warning: 'デバイスが目の前にあり、同じコードが表示されている場合にのみ承認してください。',
    approve: '承認',
    refuse: '拒否',
    done: (product) => `デバイスは${product}にサインインしました。このページを閉じてかまいません。`,
  },
};

/** The look of the code input and of the confirmation's list, beside the page's own (pages.ts); a
 *  style block, as the provider's answers allow (their policy takes each block's hash), not attributes. */
const DEVICE_STYLE = `<style>
#user_code{display:block;box-sizing:border-box;width:100%;min-height:44px;margin:4px 0 0;font:inherit;font-size:20px;letter-spacing:2px;text-transform:uppercase;padding:4px 12px;border-radius:8px;border:1px solid var(--border);background:var(--card);color:var(--text)}
dl{margin:12px 0}dt{color:var(--secondary)}dd{margin:0 0 8px}
</style>`;

/** The code entry: `form` is the library's (empty when code entry is locked), its input is drawn here. */
export function deviceInputPage(
  oidc: KoaContextWithOIDC,
  form: string,
  problem?: 'wrong' | 'locked' | 'refused',
): string {
  const look = lookOf(oidc);
  const t = TEXTS[look.lang];
  const note = problem ? `<p role="alert">${escapeHtml(t[problem])}</p>` : `<p>${escapeHtml(t.enter)}</p>`;
  // the library's form carries a hidden input and an empty text input; its text input is replaced by a
  // labelled one that the person's keyboard fills with capitals
  const textInput = /<input\s[^>]*type="text"[^>]*>(?:<\/input>)?/;
  // a verification_uri_complete fills the code in: the library's input carries it as its value
  const filled = form.match(textInput)?.[0].match(/value="([^"]*)"/)?.[1];
  const fields =
    problem === 'locked'
      ? ''
      : `${form.replace(textInput, '')}
<label for="user_code">${escapeHtml(t.code)}</label>
<input id="user_code" form="op.deviceInputForm" name="user_code" type="text"${filled ? ` value="${filled}"` : ''} autocomplete="off" autocapitalize="characters" spellcheck="false" required autofocus>
<div class="actions"><button class="primary" form="op.deviceInputForm">${escapeHtml(t.next)}</button></div>`;
  return page(look, t.title, `${DEVICE_STYLE}${brandLine(look.lang)}<h1>${escapeHtml(t.title)}</h1>${note}${fields}`);
}

/** The confirmation: the product, the site (when the device named one of the product's), where the
 *  request came from and the code; the library's form takes the approval or the refusal (`abort`). */
export function deviceConfirmPage(
  oidc: KoaContextWithOIDC,
  form: string,
  deviceInfo: { ip?: string; ua?: string },
  userCode: string,
  site?: string,
): string {
  const look = lookOf(oidc);
  const t = TEXTS[look.lang];
  const product = clientName(oidc, look.lang) ?? '';
  const rows = [
    ...(site ? [[t.site, site]] : []),
    [t.from, [deviceInfo.ip, deviceInfo.ua].filter(Boolean).join(' · ')],
    [t.codeShown, userCode],
  ]
    .map(([name, value]) => `<dt>${escapeHtml(name!)}</dt><dd>${escapeHtml(value!)}</dd>`)
    .join('');
  return page(
    look,
    t.confirmTitle,
    `${DEVICE_STYLE}${brandLine(look.lang)}<h1>${escapeHtml(t.confirmTitle)}</h1><p>${escapeHtml(t.confirm(product))}</p>
<dl>${rows}</dl><p>${escapeHtml(t.warning)}</p>${form}
<div class="actions"><button class="primary" form="op.deviceConfirmForm" autofocus>${escapeHtml(t.approve)}</button>
<button form="op.deviceConfirmForm" name="abort" value="yes">${escapeHtml(t.refuse)}</button></div>`,
  );
}

export function deviceSuccessPage(oidc: KoaContextWithOIDC): string {
  const look = lookOf(oidc);
  const t = TEXTS[look.lang];
  const product = clientName(oidc, look.lang) ?? '';
  return page(
    look,
    t.title,
    `${brandLine(look.lang)}<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.done(product))}</p>`,
  );
}
