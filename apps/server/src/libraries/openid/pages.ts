import { DEFAULT_LANGUAGE, type Language, isLanguage } from '@portal/shared/constants';
import { COOKIE_LANG } from '@portal/shared/cookies';

/**
 * The provider's own pages: the sign-out confirmation of a product's "sign out" and the page of an
 * error that cannot go back to the product (an unknown client, a redirect URI that does not match).
 * Everything else the person sees is the portal's web app. Plain HTML in the person's language, with
 * the portal's colours in both themes.
 */
interface PageTexts {
  signOutTitle: string;
  signOutQuestion: (client: string) => string;
  signOutYes: string;
  signOutNo: string;
  signedOut: string;
  errorTitle: string;
  backToPortal: string;
}

const TEXTS: Record<Language, PageTexts> = {
  'zh-CN': {
    signOutTitle: '退出登录',
    signOutQuestion: (client) => `要退出 ${client} 和能源云平台门户吗？`,
    signOutYes: '退出登录',
    signOutNo: '保持登录',
    signedOut: '您已退出登录。',
    errorTitle: '无法完成登录',
    backToPortal: '返回门户',
  },
  'en-US': {
    signOutTitle: 'Sign out',
    signOutQuestion: (client) => `Sign out of ${client} and the energy cloud portal?`,
    signOutYes: 'Sign out',
    signOutNo: 'Stay signed in',
    signedOut: 'You have signed out.',
    errorTitle: 'The sign-in could not be completed',
    backToPortal: 'Back to the portal',
  },
  'de-DE': {
    signOutTitle: 'Abmelden',
    signOutQuestion: (client) => `Von ${client} und dem Energy-Cloud-Portal abmelden?`,
    signOutYes: 'Abmelden',
    signOutNo: 'Angemeldet bleiben',
    signedOut: 'Sie haben sich abgemeldet.',
    errorTitle: 'Die Anmeldung konnte nicht abgeschlossen werden',
    backToPortal: 'Zurück zum Portal',
  },
  'es-ES': {
    signOutTitle: 'Cerrar sesión',
    signOutQuestion: (client) => `¿Cerrar sesión en ${client} y en el portal de la nube energética?`,
    signOutYes: 'Cerrar sesión',
    signOutNo: 'Mantener la sesión',
    signedOut: 'Ha cerrado la sesión.',
    errorTitle: 'No se pudo completar el inicio de sesión',
    backToPortal: 'Volver al portal',
  },
  'it-IT': {
    signOutTitle: 'Esci',
    signOutQuestion: (client) => `Uscire da ${client} e dal portale del cloud energetico?`,
    signOutYes: 'Esci',
    signOutNo: 'Resta connesso',
    signedOut: 'Sei uscito.',
    errorTitle: "Impossibile completare l'accesso",
    backToPortal: 'Torna al portale',
  },
  'ja-JP': {
    signOutTitle: 'サインアウト',
    signOutQuestion: (client) => `${client} とエネルギークラウドポータルからサインアウトしますか？`,
    signOutYes: 'サインアウト',
    signOutNo: 'サインインしたままにする',
    signedOut: 'サインアウトしました。',
    errorTitle: 'サインインを完了できませんでした',
    backToPortal: 'ポータルに戻る',
  },
};

export function pageLanguage(cookieHeader: string | undefined): Language {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${COOKIE_LANG}=([^;]+)`));
  const value = match ? decodeURIComponent(match[1]!) : undefined;
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function pageTexts(lang: Language): PageTexts {
  return TEXTS[lang];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page of the portal's look: a card in the middle, light or dark as the system is. */
export function page(lang: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;background:#f5f7fa;color:#1f2329}
main{box-sizing:border-box;width:min(420px,100% - 32px);padding:32px 24px;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgb(0 0 0/.08)}
h1{font-size:20px;margin:0 0 12px}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:24px}
button,a.button{font:inherit;padding:8px 20px;border-radius:8px;border:1px solid #d0d5dd;background:#fff;color:inherit;text-decoration:none;cursor:pointer}
button.primary{background:#1668dc;border-color:#1668dc;color:#fff}
:focus-visible{outline:3px solid #4096ff;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#141414;color:#e8e8e8}main{background:#1f1f1f}button,a.button{background:#1f1f1f;border-color:#424242}}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
