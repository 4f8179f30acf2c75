import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { DEFAULT_THEME_MODE, type Language, THEME_MODES, type ThemeMode } from '@portal/shared/constants';
import { COOKIE_LANG, COOKIE_THEME } from '@portal/shared/cookies';
import { translate } from '@portal/shared/locales/catalog';
import { pageLanguage } from '../platform/page-language.ts';
import { clientMetadata, productOfClient } from './provider.ts';

/**
 * The provider's own pages: the sign-out confirmation of a product's "sign out", the page after it, and
 * the page of an error that cannot go back to the product (an unknown client, a redirect URI that does
 * not match). Everything else the person sees is the portal's web app, so these are drawn as it draws
 * itself: in the language and theme of the portal's cookies, with its colours, its name and its products'
 * names.
 */
interface PageTexts {
  signOutQuestion: (client: string, brand: string) => string;
  /** A sign-out that names no product (no `client_id` nor `id_token_hint`). */
  signOutPortal: (brand: string) => string;
  stay: string;
  signedOut: string;
  /** The summary of the OAuth error's code and description, for whoever reports it. */
  details: string;
  errors: Record<ErrorKind, { title: string; text: string }>;
}

/** What a person can do about an error: its kinds, each with one explanation. */
type ErrorKind = 'redirect' | 'client' | 'request' | 'signIn' | 'denied' | 'server';

const ERROR_KINDS: Record<string, ErrorKind> = {
  invalid_redirect_uri: 'redirect',
  invalid_client: 'client',
  unauthorized_client: 'client',
  invalid_request: 'request',
  invalid_scope: 'request',
  invalid_target: 'request',
  invalid_request_object: 'request',
  invalid_request_uri: 'request',
  request_not_supported: 'request',
  request_uri_not_supported: 'request',
  unsupported_response_type: 'request',
  unsupported_response_mode: 'request',
  registration_not_supported: 'request',
  login_required: 'signIn',
  interaction_required: 'signIn',
  consent_required: 'signIn',
  account_selection_required: 'signIn',
  access_denied: 'denied',
};

const TEXTS: Record<Language, PageTexts> = {
  'zh-CN': {
    signOutQuestion: (client, brand) => `要退出${client}和${brand}吗？`,
    signOutPortal: (brand) => `要退出${brand}吗？`,
    stay: '保持登录',
    signedOut: '你已退出登录。',
    details: '技术详情',
    errors: {
      redirect: {
        title: '无法返回产品',
        text: '产品给出的返回地址没有在门户登记，所以无法把你送回产品。请告诉产品的管理团队；重新登录也无法解决。',
      },
      client: {
        title: '门户不认识这个应用',
        text: '发起登录的应用没有在门户登记，或已被停用。请告诉该应用的管理团队。',
      },
      request: {
        title: '请求无效',
        text: '应用发来的请求不完整或有误。请回到应用重试；如果再次出现，请告诉应用的管理团队。',
      },
      signIn: { title: '需要登录', text: '你尚未登录门户，或登录已失效。请回到应用重新登录。' },
      denied: { title: '登录未完成', text: '登录已取消，或未获允许。请回到应用重试。' },
      server: { title: '门户出了问题', text: '门户暂时无法处理这个请求。请稍后回到应用重试。' },
    },
  },
  'en-US': {
    signOutQuestion: (client, brand) => `Sign out of ${client} and the ${brand}?`,
    signOutPortal: (brand) => `Sign out of the ${brand}?`,
    stay: 'Stay signed in',
    signedOut: 'You have signed out.',
    details: 'Technical details',
    errors: {
      redirect: {
        title: 'The portal cannot go back to this product',
        text: 'The product asked to be sent back to an address the portal does not know for it. Please tell the product’s team; signing in again will not help.',
      },
      client: {
        title: 'The portal does not know this application',
        text: 'The application that sent you here is not registered with the portal, or it has been switched off. Please tell its team.',
      },
      request: {
        title: 'The request is not valid',
        text: 'The application sent an incomplete or faulty request. Go back to the application and try again; if this happens again, tell its team.',
      },
      signIn: {
        title: 'You need to sign in',
        text: 'You are not signed in to the portal, or your sign-in has ended. Go back to the application and sign in again.',
      },
      denied: {
        title: 'The sign-in did not go ahead',
        text: 'The sign-in was cancelled or not allowed. Go back to the application to try again.',
      },
      server: {
        title: 'Something went wrong in the portal',
        text: 'The portal could not handle this request just now. Go back to the application and try again in a moment.',
      },
    },
  },
  'de-DE': {
    signOutQuestion: (client, brand) => `Von ${client} und der ${brand} abmelden?`,
    signOutPortal: (brand) => `Von der ${brand} abmelden?`,
    stay: 'Angemeldet bleiben',
    signedOut: 'Sie haben sich abgemeldet.',
    details: 'Technische Details',
    errors: {
      redirect: {
        title: 'Das Portal kann nicht zu diesem Produkt zurückkehren',
        text: 'Das Produkt hat eine Rücksprungadresse angegeben, die im Portal nicht für es hinterlegt ist. Bitte wenden Sie sich an das Team des Produkts; eine erneute Anmeldung hilft nicht.',
      },
      client: {
        title: 'Das Portal kennt diese Anwendung nicht',
        text: 'Die Anwendung, die Sie hierher geschickt hat, ist im Portal nicht registriert oder wurde deaktiviert. Bitte wenden Sie sich an ihr Team.',
      },
      request: {
        title: 'Die Anfrage ist ungültig',
        text: 'Die Anwendung hat eine unvollständige oder fehlerhafte Anfrage gesendet. Kehren Sie zur Anwendung zurück und versuchen Sie es erneut; tritt der Fehler wieder auf, wenden Sie sich an ihr Team.',
      },
      signIn: {
        title: 'Anmeldung erforderlich',
        text: 'Sie sind nicht im Portal angemeldet, oder Ihre Anmeldung ist abgelaufen. Kehren Sie zur Anwendung zurück und melden Sie sich erneut an.',
      },
      denied: {
        title: 'Die Anmeldung wurde nicht fortgesetzt',
        text: 'Die Anmeldung wurde abgebrochen oder nicht erlaubt. Kehren Sie zur Anwendung zurück, um es erneut zu versuchen.',
      },
      server: {
        title: 'Im Portal ist ein Fehler aufgetreten',
        text: 'Das Portal konnte diese Anfrage gerade nicht bearbeiten. Kehren Sie zur Anwendung zurück und versuchen Sie es gleich noch einmal.',
      },
    },
  },
  'es-ES': {
    signOutQuestion: (client, brand) => `¿Cerrar sesión en ${client} y en la ${brand}?`,
    signOutPortal: (brand) => `¿Cerrar sesión en la ${brand}?`,
    stay: 'Mantener la sesión',
    signedOut: 'Ha cerrado la sesión.',
    details: 'Detalles técnicos',
    errors: {
      redirect: {
        title: 'El portal no puede volver a este producto',
        text: 'El producto pidió volver a una dirección que el portal no tiene registrada para él. Avise al equipo del producto; volver a iniciar sesión no lo solucionará.',
      },
      client: {
        title: 'El portal no conoce esta aplicación',
        text: 'La aplicación que le envió aquí no está registrada en el portal o se ha desactivado. Avise a su equipo.',
      },
      request: {
        title: 'La solicitud no es válida',
        text: 'La aplicación envió una solicitud incompleta o errónea. Vuelva a la aplicación e inténtelo de nuevo; si vuelve a ocurrir, avise a su equipo.',
      },
      signIn: {
        title: 'Debe iniciar sesión',
        text: 'No ha iniciado sesión en el portal o su inicio de sesión ha caducado. Vuelva a la aplicación e inicie sesión de nuevo.',
      },
      denied: {
        title: 'El inicio de sesión no continuó',
        text: 'El inicio de sesión se canceló o no se permitió. Vuelva a la aplicación para intentarlo de nuevo.',
      },
      server: {
        title: 'Algo falló en el portal',
        text: 'El portal no pudo atender esta solicitud en este momento. Vuelva a la aplicación e inténtelo de nuevo en unos instantes.',
      },
    },
  },
  'it-IT': {
    signOutQuestion: (client, brand) => `Uscire da ${client} e dalla ${brand}?`,
    signOutPortal: (brand) => `Uscire dalla ${brand}?`,
    stay: 'Resta connesso',
    signedOut: "Hai effettuato l'uscita.",
    details: 'Dettagli tecnici',
    errors: {
      redirect: {
        title: 'Il portale non può tornare a questo prodotto',
        text: 'Il prodotto ha chiesto di tornare a un indirizzo che il portale non ha registrato per lui. Avvisa il team del prodotto: accedere di nuovo non risolve il problema.',
      },
      client: {
        title: 'Il portale non conosce questa applicazione',
        text: "L'applicazione che ti ha mandato qui non è registrata nel portale oppure è stata disattivata. Avvisa il suo team.",
      },
      request: {
        title: 'La richiesta non è valida',
        text: "L'applicazione ha inviato una richiesta incompleta o errata. Torna all'applicazione e riprova; se succede di nuovo, avvisa il suo team.",
      },
      signIn: {
        title: 'Devi accedere',
        text: "Non hai effettuato l'accesso al portale, oppure l'accesso è scaduto. Torna all'applicazione e accedi di nuovo.",
      },
      denied: {
        title: "L'accesso non è proseguito",
        text: "L'accesso è stato annullato o non è stato consentito. Torna all'applicazione per riprovare.",
      },
      server: {
        title: 'Qualcosa non ha funzionato nel portale',
        text: "Il portale non è riuscito a gestire questa richiesta in questo momento. Torna all'applicazione e riprova tra poco.",
      },
    },
  },
  'ja-JP': {
    signOutQuestion: (client, brand) => `${client}と${brand}からログアウトしますか？`,
    signOutPortal: (brand) => `${brand}からログアウトしますか？`,
    stay: 'ログインしたままにする',
    signedOut: 'ログアウトしました。',
    details: '技術的な詳細',
    errors: {
      redirect: {
        title: 'この製品に戻れません',
        text: '製品が指定した戻り先のアドレスは、ポータルに登録されていません。製品の担当チームに連絡してください。もう一度ログインしても解決しません。',
      },
      client: {
        title: 'ポータルはこのアプリを認識できません',
        text: 'ここに案内したアプリはポータルに登録されていないか、無効になっています。アプリの担当チームに連絡してください。',
      },
      request: {
        title: 'リクエストが無効です',
        text: 'アプリから届いたリクエストが不完全か、誤っています。アプリに戻ってもう一度お試しください。繰り返し起きる場合は、アプリの担当チームに連絡してください。',
      },
      signIn: {
        title: 'ログインが必要です',
        text: 'ポータルにログインしていないか、ログインの有効期限が切れています。アプリに戻って、もう一度ログインしてください。',
      },
      denied: {
        title: 'ログインは完了しませんでした',
        text: 'ログインはキャンセルされたか、許可されませんでした。アプリに戻って、もう一度お試しください。',
      },
      server: {
        title: 'ポータルで問題が発生しました',
        text: 'ポータルは現在このリクエストを処理できませんでした。しばらくしてから、アプリに戻ってもう一度お試しください。',
      },
    },
  },
};

/**
 * The web app's colours (antd's design tokens of apps/web/src/lib/theme.ts, which these pages cannot
 * load): the layout's background, the card, text, borders, the teal accent with its dark text, and the
 * focus ring chosen there for contrast. The browser suite holds them to the web app's (openid-pages.spec.ts).
 */
const PALETTE: Record<ThemeMode, Record<string, string>> = {
  dark: {
    layout: '#0a1012',
    card: '#121a1c',
    text: 'rgba(255,255,255,0.85)',
    secondary: 'rgba(255,255,255,0.65)',
    border: '#424242',
    cardBorder: '#223033',
    primary: '#139292',
    primaryHover: '#2ea5a1',
    onPrimary: '#001a1a',
    focus: '#5cdbd3',
    fill: 'rgba(255,255,255,0.12)',
  },
  light: {
    layout: '#f2f6f7',
    card: '#ffffff',
    text: 'rgba(0,0,0,0.88)',
    secondary: 'rgba(0,0,0,0.65)',
    border: '#d9d9d9',
    cardBorder: '#f0f0f0',
    primary: '#13a8a8',
    primaryHover: '#31b5b1',
    onPrimary: '#001a1a',
    focus: '#006d75',
    fill: 'rgba(0,0,0,0.06)',
  },
};

const FONT =
  "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif,'Apple Color Emoji','Segoe UI Emoji','Segoe UI Symbol','Noto Color Emoji'";

function cookie(header: string | undefined, name: string): string | undefined {
  const match = header?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]+)`));
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/** The language of every portal page (the cookie, else the browser's, else Chinese: page-language.ts)
 *  and the theme the portal's cookie names, as the web app sets it; its default otherwise. */
export function lookOf(oidc: KoaContextWithOIDC): { lang: Language; theme: ThemeMode } {
  const header = oidc.get('cookie');
  const theme = cookie(header, COOKIE_THEME);
  return {
    lang: pageLanguage(cookie(header, COOKIE_LANG), oidc.get('accept-language') || undefined, (offered) =>
      oidc.acceptsLanguages(offered),
    ),
    theme: (THEME_MODES as readonly (string | undefined)[]).includes(theme) ? (theme as ThemeMode) : DEFAULT_THEME_MODE,
  };
}

/** A first-party client goes by its product's name, as on the portal's home; a partner's by its own. */
export function clientName(oidc: KoaContextWithOIDC, lang: Language): string | undefined {
  const client = oidc.oidc?.client;
  if (!client) return undefined;
  const product = productOfClient(client);
  if (product && clientMetadata(client).first_party === true) return translate(lang, `products.${product}.name`);
  return client.clientName ?? client.clientId;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page of the portal's look: the platform's name over a card in the middle, in the person's theme. */
export function page(look: { lang: Language; theme: ThemeMode }, title: string, body: string): string {
  const colours = Object.entries(PALETTE[look.theme])
    .map(([name, value]) => `--${name}:${value}`)
    .join(';');
  return `<!doctype html>
<html lang="${look.lang}" data-theme="${look.theme}" style="color-scheme:${look.theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${look.theme}">
<title>${escapeHtml(title)}</title>
<style>
:root{${colours}}
body{margin:0;min-height:100vh;display:grid;place-items:center;font:14px/1.5715 ${FONT};background:var(--layout);color:var(--text)}
main{box-sizing:border-box;width:min(440px,100% - 32px);margin:24px 0;padding:32px 24px;background:var(--card);border:1px solid var(--cardBorder);border-radius:10px;overflow-wrap:anywhere}
.brand{margin:0 0 16px;color:var(--secondary)}
h1{font-size:20px;line-height:1.4;margin:0 0 12px;font-weight:600}
p{margin:0 0 8px}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:24px}
button,a.button{box-sizing:border-box;flex:1 1 auto;min-height:40px;display:inline-flex;align-items:center;justify-content:center;font:inherit;padding:4px 16px;border-radius:8px;border:1px solid var(--border);background:var(--card);color:var(--text);text-decoration:none;cursor:pointer}
button:hover,a.button:hover{border-color:var(--primaryHover);color:var(--text)}
button.primary{background:var(--primary);border-color:var(--primary);color:var(--onPrimary)}
button.primary:hover{background:var(--primaryHover);border-color:var(--primaryHover)}
:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
details{margin-top:20px;font-size:12px;color:var(--secondary)}
summary{cursor:pointer}
details code{padding:0 4px;border-radius:4px;background:var(--fill)}
@media (max-width:480px){button,a.button{min-height:44px;flex-basis:100%}}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export function brandLine(lang: Language): string {
  return `<p class="brand">${escapeHtml(translate(lang, 'common.platformTitle'))}</p>`;
}

/** The confirmation of a product's "sign out": `form` is the provider's, the two buttons submit it. */
export function signOutPage(oidc: KoaContextWithOIDC, form: string): string {
  const look = lookOf(oidc);
  const t = TEXTS[look.lang];
  const signOut = translate(look.lang, 'web.layout.logout');
  const brand = translate(look.lang, 'common.platformTitle');
  const client = clientName(oidc, look.lang);
  const question = client ? t.signOutQuestion(client, brand) : t.signOutPortal(brand);
  return page(
    look,
    signOut,
    `${brandLine(look.lang)}<h1>${escapeHtml(signOut)}</h1><p>${escapeHtml(question)}</p>${form}
<div class="actions"><button class="primary" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(signOut)}</button>
<button form="op.logoutForm">${escapeHtml(t.stay)}</button></div>`,
  );
}

/** The page after a sign-out that has no product's address to go back to. */
export function signedOutPage(oidc: KoaContextWithOIDC): string {
  const look = lookOf(oidc);
  const t = TEXTS[look.lang];
  return page(
    look,
    t.signedOut,
    `${brandLine(look.lang)}<h1>${escapeHtml(t.signedOut)}</h1><div class="actions"><a class="button" href="/">${escapeHtml(
      translate(look.lang, 'authorize.expired.home'),
    )}</a></div>`,
  );
}

/** An error that cannot go back to the product: what it means for the person in their language, and the
 *  OAuth error itself, in English as the standard has it, folded away for whoever reports it. */
export function errorPage(oidc: KoaContextWithOIDC, out: ErrorOut): string {
  const look = lookOf(oidc);
  const t = TEXTS[look.lang];
  const { title, text } = t.errors[ERROR_KINDS[out.error] ?? 'server'];
  const description = out.error_description ? ` ${escapeHtml(out.error_description)}` : '';
  return page(
    look,
    title,
    `${brandLine(look.lang)}<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>
<div class="actions"><a class="button" href="/">${escapeHtml(translate(look.lang, 'authorize.expired.home'))}</a></div>
<details><summary>${escapeHtml(t.details)}</summary><p><code>${escapeHtml(out.error)}</code>${description}</p></details>`,
  );
}
