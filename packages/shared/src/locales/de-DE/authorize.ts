import type { Messages } from '../types.ts';

const authorize: Messages['authorize'] = {
  company: {
    title: 'Unternehmen wählen',
    description: 'Wählen Sie das Unternehmen, für das Sie {{product}} öffnen.',
    label: 'Ihre Unternehmen',
    noAccess: 'Kein Zugriff auf {{product}}',
    continue: 'Weiter',
    cancel: 'Abbrechen und zurück',
  },
  consent: {
    title: '„{{client}}“ bittet um Zugriff auf Ihr Konto',
    description:
      'Eine Drittanbieter-Anwendung für {{product}}, kein eigenes Produkt der Plattform, möchte Sie über das Portal anmelden. Wenn Sie zustimmen, kann sie:',
    company: 'Unternehmen',
    noCompany: 'Kein Unternehmen',
    scopes: {
      openid: 'Ihre Identität bestätigen',
      profile: 'Ihren Namen und Ihre Sprache sehen',
      email: 'Ihre E-Mail-Adresse sehen',
      phone: 'Ihre Telefonnummer sehen',
      company: 'Das gewählte Unternehmen und Ihre Rolle darin sehen',
      offlineAccess: 'Sie angemeldet halten, auch während Sie abwesend sind',
      product: 'Die API von {{product}} in Ihrem Namen nutzen',
    },
    allow: 'Zulassen',
    deny: 'Ablehnen',
  },
  denied: {
    title: 'Kein Zugriff auf {{product}}',
    description:
      '{{company}} hat {{product}} nicht. Bitten Sie Ihren Unternehmensadministrator um Zugriff oder wählen Sie ein anderes Unternehmen.',
    noCompany:
      'Ihr Konto gehört zu keinem Unternehmen mit {{product}}. Bitten Sie Ihren Unternehmensadministrator um Zugriff.',
    back: 'Zurück zu {{product}}',
    otherCompany: 'Anderes Unternehmen wählen',
    otherAccount: 'Mit einem anderen Konto anmelden',
  },
  reauthenticate: {
    description:
      '{{product}} bittet Sie zu bestätigen, dass Sie es sind, bevor es weitergeht. Sie bleiben im Portal angemeldet.',
    secondFactor: '{{product}} verlangt zwei Schritte: Ihr Passwort, dann einen Code Ihrer Authenticator-App.',
    passkeyBothSteps: 'Oder verwenden Sie stattdessen einen Passkey: Er zählt für beide Schritte.',
    noSecondFactor:
      '{{product}} verlangt zwei Schritte, Ihr Konto hat nur einen. Aktivieren Sie die Zwei-Schritt-Anmeldung oder fügen Sie im persönlichen Bereich einen Passkey hinzu und versuchen Sie es dann erneut.',
    openPersonal: 'Zum persönlichen Bereich',
    cancel: 'Abbrechen und zurück',
  },
  expired: {
    title: 'Diese Anmeldeanfrage ist abgelaufen',
    description:
      'Die Anfrage ist nicht mehr gültig oder wurde bereits abgeschlossen. Kehren Sie zum Produkt zurück und melden Sie sich erneut an.',
    home: 'Zurück zur Startseite',
    signIn: 'Zur Anmeldung',
  },
  failed: {
    title: 'Die Anmeldung konnte nicht fortgesetzt werden',
    description: 'Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
  },
};
export default authorize;
