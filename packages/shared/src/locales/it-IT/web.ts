import type { Messages } from '../types.ts';

const web: Messages['web'] = {
  app: {
    routeErrorTitle: 'Impossibile caricare la pagina',
    routeErrorDescription:
      'La connessione potrebbe essere instabile oppure la piattaforma è appena stata aggiornata. Ricarica la pagina.',
    reload: 'Ricarica',
  },
  brand: {
    tagline: 'Un unico accesso alla gestione di accumulo, microreti ed efficienza energetica',
  },
  language: {
    label: "Lingua dell'interfaccia",
  },
  theme: {
    switchToLight: 'Passa al tema chiaro',
    switchToDark: 'Passa al tema scuro',
  },
  login: {
    heading: 'Bentornato',
    subheading: 'Accedi per usare i prodotti di gestione energetica attivati dalla tua azienda',
    methods: 'Modalità di accesso',
    tabPhone: 'Telefono',
    tabEmail: 'E-mail',
    tabAccount: 'Utente',
    phone: 'Numero di telefono',
    phonePlaceholder: 'Numero di telefono',
    email: 'Indirizzo e-mail',
    emailPlaceholder: "Inserisci l'indirizzo e-mail",
    account: 'Nome utente',
    accountPlaceholder: 'Inserisci il nome utente',
    password: 'Password',
    passwordPlaceholder: 'Inserisci la password',
    showPassword: 'Mostra la password',
    submit: 'Accedi',
    forgotPassword: 'Hai dimenticato la password?',
    passkeySignIn: 'Accedi con una passkey',
    passkeyOr: 'oppure',
    passkeyNotUsed: 'Non è stata usata alcuna passkey. Puoi accedere con la tua password.',
    entering: 'Apertura del portale…',
    heroHeadline: 'Ogni chilowattora, più intelligente',
    heroDescription:
      'Un solo account collega impianti di accumulo, microreti e strumenti di efficienza, così sai sempre come funzionano i tuoi asset energetici.',
    heroStorage: 'Monitoraggio e dispacciamento degli impianti di accumulo',
    heroMicrogrid: 'Gestione energetica delle microreti',
    heroEfficiency: 'Analisi dei consumi e ottimizzazione dell’efficienza',
    methodLabel: 'Metodo di verifica',
    byPassword: 'Con password',
    byCode: 'Con codice',
    companySubheading: 'Accedi a {{name}} per usare i prodotti di gestione energetica attivati dalla tua azienda',
    productSubheading: 'Accedi per continuare su {{product}}',
  },
  layout: {
    navigation: 'Navigazione principale',
    products: 'I miei prodotti',
    personal: 'Area personale',
    logout: 'Esci',
    company: 'Azienda corrente',
    companySwitched: 'Sei passato a {{name}}',
    collapseSidebar: 'Comprimi la barra laterale',
    expandSidebar: 'Espandi la barra laterale',
    openNavigation: 'Apri la navigazione',
    userMenu: 'Menu utente',
    language: "Lingua dell'interfaccia",
    lightTheme: 'Tema chiaro',
    darkTheme: 'Tema scuro',
    roleAdmin: 'Amministratore',
    roleMember: 'Membro',
  },
  home: {
    greeting: 'Ciao, {{name}}',
    subtitle: '{{company}} ha accesso ai seguenti prodotti. Seleziona una scheda per aprirlo.',
    subtitleEmpty: '{{company}} non ha ancora prodotti.',
    productsLabel: 'Prodotti disponibili',
    noProducts: "La tua azienda non ha ancora prodotti. Contatta l'amministratore della tua azienda.",
    noProductsAdmin:
      'La tua azienda non ha ancora prodotti. I prodotti vengono abilitati dal gestore della piattaforma: contattalo.',
    noCompany: "Non fai ancora parte di un'azienda. Chiedi all'amministratore della tua azienda di invitarti.",
    open: 'Apri',
  },
  notFound: {
    title: 'Pagina non trovata',
    description: 'La pagina che cerchi non esiste o è stata rimossa.',
    goHome: 'Torna alla pagina iniziale',
  },
  noAuth: {
    title: 'Accesso negato',
    description:
      "Non hai l'autorizzazione per visualizzare questa pagina. Contatta l'amministratore della tua azienda.",
    backToLogin: "Torna all'accesso",
    backToHome: 'Torna alla home',
  },
  registerInvalidity: {
    title: 'Questo link di invito non è più valido',
    description:
      'Il link è già stato usato, è scaduto o è stato revocato. Chiedi un nuovo invito al tuo amministratore.',
    countdown_one: 'Verrai reindirizzato alla pagina di accesso tra {{count}} secondo',
    countdown_other: 'Verrai reindirizzato alla pagina di accesso tra {{count}} secondi',
    goLogin: 'Accedi ora',
  },
  code: {
    label: 'Codice di verifica',
    placeholder: '6 cifre',
  },
  certify: {
    promptTitle: 'Verifica il tuo numero di telefono',
    promptBeforeCutOff:
      'Le norme nazionali sulla sicurezza informatica richiedono un numero di telefono verificato. Dopo il {{date}} gli account senza numero verificato non potranno più essere usati.',
    promptAfterCutOff:
      'Le norme nazionali sulla sicurezza informatica richiedono un numero di telefono verificato. Dal {{date}} gli account senza numero verificato non possono più essere usati. Verifica il tuo numero per continuare.',
    verifyNow: 'Verifica ora',
    skip: 'Salta',
  },
  verifyPhone: {
    title: 'Verifica del telefono',
    description:
      'Le norme nazionali sulla sicurezza informatica richiedono la verifica di un numero di telefono prima di usare la piattaforma.',
    beforeCutOff:
      'Verifica il numero entro il {{date}}. Dopo tale data gli account non verificati non potranno più essere usati.',
    afterCutOff: 'Dal {{date}} gli account senza un numero di telefono verificato non possono più essere usati.',
    phone: 'Numero di telefono',
    phonePlaceholder: 'Numero di telefono',
    submit: 'Verifica e continua',
    verified: 'Numero di telefono verificato',
    skip: 'Non ora',
    signOut: 'Esci',
    boundTitle: 'Numero di telefono già associato',
    boundElsewhere: 'Questo numero di telefono è già associato a un altro account.',
    boundHint: "Verifica un altro numero di telefono oppure contatta l'amministratore della tua azienda.",
    useAnotherPhone: 'Usa un altro numero',
    alreadyVerified:
      'Il tuo numero di telefono {{phone}} è già verificato. Verificando un altro numero, questo lo sostituirà.',
  },
};
export default web;
