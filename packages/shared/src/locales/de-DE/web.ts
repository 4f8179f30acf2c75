import type { Messages } from '../types.ts';

const web: Messages['web'] = {
  app: {
    routeErrorTitle: 'Die Seite konnte nicht geladen werden',
    routeErrorDescription:
      'Möglicherweise ist die Verbindung instabil oder die Plattform wurde gerade aktualisiert. Bitte laden Sie die Seite neu.',
    reload: 'Neu laden',
  },
  brand: {
    tagline: 'Ein Zugang für Energiespeicher-, Microgrid- und Effizienzmanagement',
  },
  language: {
    label: 'Anzeigesprache',
  },
  theme: {
    switchToLight: 'Zum hellen Design wechseln',
    switchToDark: 'Zum dunklen Design wechseln',
  },
  login: {
    heading: 'Willkommen zurück',
    subheading: 'Melden Sie sich an, um die Energiemanagement-Produkte Ihres Unternehmens zu nutzen',
    methods: 'Anmeldeart',
    tabPhone: 'Telefon',
    tabEmail: 'E-Mail',
    tabAccount: 'Konto',
    phone: 'Telefonnummer',
    phonePlaceholder: 'Telefonnummer eingeben',
    email: 'E-Mail-Adresse',
    emailPlaceholder: 'E-Mail-Adresse eingeben',
    account: 'Kontoname',
    accountPlaceholder: 'Kontoname eingeben',
    password: 'Passwort',
    passwordPlaceholder: 'Passwort eingeben',
    showPassword: 'Passwort anzeigen',
    submit: 'Anmelden',
    forgotPassword: 'Passwort vergessen?',
    passkeySignIn: 'Mit Passkey anmelden',
    passkeyOr: 'oder',
    passkeyNotUsed: 'Es wurde kein Passkey verwendet. Sie können sich mit Ihrem Passwort anmelden.',
    entering: 'Portal wird geöffnet…',
    heroHeadline: 'Jede Kilowattstunde intelligenter nutzen',
    heroDescription:
      'Ein Konto verbindet Speicheranlagen, Microgrids und Effizienzwerkzeuge – so wissen Sie jederzeit, wie Ihre Energieanlagen laufen.',
    heroStorage: 'Überwachung und Steuerung von Speicheranlagen',
    heroMicrogrid: 'Energiemanagement für Microgrids',
    heroEfficiency: 'Verbrauchsanalyse und Effizienzoptimierung',
    methodLabel: 'Anmeldeverfahren',
    byPassword: 'Mit Passwort',
    byCode: 'Mit Bestätigungscode',
    companySubheading:
      'Melden Sie sich bei {{name}} an, um die Energiemanagement-Produkte Ihres Unternehmens zu nutzen',
    productSubheading: 'Melden Sie sich an, um mit {{product}} fortzufahren',
  },
  layout: {
    navigation: 'Hauptnavigation',
    products: 'Meine Produkte',
    personal: 'Persönlicher Bereich',
    logout: 'Abmelden',
    company: 'Aktuelles Unternehmen',
    companySwitched: 'Gewechselt zu {{name}}',
    collapseSidebar: 'Seitenleiste einklappen',
    expandSidebar: 'Seitenleiste ausklappen',
    openNavigation: 'Navigation öffnen',
    userMenu: 'Benutzermenü',
    language: 'Anzeigesprache',
    lightTheme: 'Helles Design',
    darkTheme: 'Dunkles Design',
    roleAdmin: 'Verwalter',
    roleMember: 'Mitglied',
  },
  support: {
    banner: '{{name}} handelt als Support der Plattform für {{company}}, bis {{until}}',
    launcherTitle: 'Support-Zugriff',
    launcherHint: 'Diese Unternehmen lassen den Support der Plattform gerade herein.',
    enter: 'Als Support betreten',
    until: 'Bis {{until}}',
    title: 'Support-Zugriff',
    hint: 'Lassen Sie den Support der Plattform für einige Stunden in das Unternehmen. Er handelt in eigenem Namen, jede Aktion steht im Audit-Protokoll, und er kann weder Sicherheitseinstellungen, Freigaben, API-Schlüssel, Webhooks noch Zugangsdaten ändern.',
    hours: 'Stunden',
    grant: 'Support hereinlassen',
    open: 'Der Support der Plattform darf bis {{until}} eintreten.',
    sites: 'Standorte',
    allSites: 'Alle Standorte des Unternehmens',
    onlySites: 'Nur diese Standorte: {{sites}}',
    revoke: 'Support-Zugriff jetzt beenden',
    granted: 'Support-Zugriff gewährt',
    revoked: 'Support-Zugriff beendet',
  },
  home: {
    greeting: 'Hallo, {{name}}',
    subtitle: '{{company}} hat Zugriff auf die folgenden Produkte. Wählen Sie eine Karte, um sie zu öffnen.',
    subtitleEmpty: '{{company}} hat noch keine Produkte.',
    productsLabel: 'Verfügbare Produkte',
    noProducts: 'Ihr Unternehmen hat noch keine Produkte. Bitte wenden Sie sich an Ihren Unternehmensadministrator.',
    noProductsAdmin:
      'Ihr Unternehmen hat noch keine Produkte. Produkte werden vom Plattformbetreiber freigeschaltet: Bitte wenden Sie sich an ihn.',
    noCompany: 'Sie gehören noch keinem Unternehmen an. Bitten Sie Ihren Unternehmensadministrator um eine Einladung.',
    open: 'Öffnen',
    sitesLabel: 'Für Sie freigegebene Standorte',
    siteUntil: 'bis {{date}}',
    siteOpen: 'unbefristet',
  },
  notFound: {
    title: 'Seite nicht gefunden',
    description: 'Die gesuchte Seite existiert nicht oder wurde entfernt.',
    goHome: 'Zur Startseite',
  },
  noAuth: {
    title: 'Kein Zugriff',
    description:
      'Sie haben keine Berechtigung für diese Seite. Bitte wenden Sie sich an Ihren Unternehmensadministrator.',
    backToLogin: 'Zurück zur Anmeldung',
    backToHome: 'Zurück zur Startseite',
  },
  registerInvalidity: {
    title: 'Dieser Einladungslink ist nicht mehr gültig',
    description:
      'Der Link wurde bereits verwendet, ist abgelaufen oder wurde widerrufen. Bitte fordern Sie bei Ihrem Administrator eine neue Einladung an.',
    countdown_one: 'Weiterleitung zur Anmeldung in {{count}} Sekunde',
    countdown_other: 'Weiterleitung zur Anmeldung in {{count}} Sekunden',
    goLogin: 'Jetzt anmelden',
  },
  code: {
    label: 'Bestätigungscode',
    placeholder: '6 Ziffern',
  },
  certify: {
    promptTitle: 'Bitte bestätigen Sie Ihre Telefonnummer',
    promptBeforeCutOff:
      'Nach den nationalen Vorschriften zur Cybersicherheit ist eine bestätigte Telefonnummer erforderlich. Nach dem {{date}} können Konten ohne bestätigte Nummer nicht mehr verwendet werden.',
    promptAfterCutOff:
      'Nach den nationalen Vorschriften zur Cybersicherheit ist eine bestätigte Telefonnummer erforderlich. Seit dem {{date}} können Konten ohne bestätigte Nummer nicht mehr verwendet werden. Bitte bestätigen Sie Ihre Nummer, um fortzufahren.',
    verifyNow: 'Jetzt bestätigen',
    skip: 'Überspringen',
  },
  verifyPhone: {
    title: 'Telefonverifizierung',
    description:
      'Nach den nationalen Vorschriften zur Cybersicherheit muss vor der Nutzung der Plattform eine Telefonnummer verifiziert werden.',
    beforeCutOff:
      'Bitte bestätigen Sie Ihre Nummer bis zum {{date}}. Danach können nicht bestätigte Konten nicht mehr verwendet werden.',
    afterCutOff: 'Seit dem {{date}} können Konten ohne bestätigte Telefonnummer nicht mehr verwendet werden.',
    phone: 'Telefonnummer',
    phonePlaceholder: 'Telefonnummer eingeben',
    submit: 'Bestätigen und fortfahren',
    verified: 'Telefonnummer bestätigt',
    skip: 'Später',
    signOut: 'Abmelden',
    boundTitle: 'Telefonnummer bereits verknüpft',
    boundElsewhere: 'Diese Telefonnummer ist bereits mit einem anderen Konto verknüpft.',
    boundHint:
      'Bitte bestätigen Sie eine andere Telefonnummer oder wenden Sie sich an Ihren Unternehmensadministrator.',
    useAnotherPhone: 'Andere Nummer verwenden',
    alreadyVerified:
      'Ihre Telefonnummer {{phone}} ist bereits bestätigt. Wenn Sie eine andere Nummer bestätigen, ersetzt diese sie.',
  },
};
export default web;
