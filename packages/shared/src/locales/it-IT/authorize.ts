import type { Messages } from '../types.ts';

const authorize: Messages['authorize'] = {
  company: {
    title: "Scegli un'azienda",
    description: "Scegli l'azienda per cui apri {{product}}.",
    label: 'Le tue aziende',
    noAccess: 'Nessun accesso a {{product}}',
    continue: 'Continua',
    cancel: 'Annulla e torna indietro',
  },
  consent: {
    title: '«{{client}}» chiede di accedere al tuo account',
    description:
      "Un'applicazione di terze parti per {{product}}, non un prodotto della piattaforma, vuole farti accedere tramite il portale. Se lo consenti, potrà:",
    company: 'Azienda',
    noCompany: 'Nessuna azienda',
    scopes: {
      openid: 'Confermare la tua identità',
      profile: 'Vedere il tuo nome e la tua lingua',
      email: 'Vedere il tuo indirizzo email',
      phone: 'Vedere il tuo numero di telefono',
      company: "Vedere l'azienda scelta e il tuo ruolo al suo interno",
      offlineAccess: "Mantenere l'accesso attivo, anche mentre sei assente",
      product: "Usare l'API di {{product}} per conto tuo",
    },
    allow: 'Consenti',
    deny: 'Rifiuta',
  },
  denied: {
    title: 'Nessun accesso a {{product}}',
    description:
      "{{company}} non dispone di {{product}}. Chiedi l'accesso all'amministratore della tua azienda o scegli un'altra azienda.",
    noCompany:
      "Il tuo account non appartiene a nessuna azienda che dispone di {{product}}. Chiedi l'accesso all'amministratore della tua azienda.",
    back: 'Torna a {{product}}',
    otherCompany: "Scegli un'altra azienda",
    otherAccount: 'Accedi con un altro account',
  },
  reauthenticate: {
    description: '{{product}} ti chiede di confermare che sei tu prima di continuare. Resti connesso al portale.',
    secondFactor: "{{product}} chiede due passaggi: la tua password, poi un codice dell'app di autenticazione.",
    passkeyBothSteps: 'Oppure usa una passkey: vale per entrambi i passaggi.',
    noSecondFactor:
      "{{product}} chiede due passaggi, ma il tuo account ne ha uno solo. Attiva l'accesso in due passaggi o aggiungi una passkey nel centro personale, poi riprova.",
    openPersonal: 'Vai al centro personale',
    cancel: 'Annulla e torna indietro',
  },
  expired: {
    title: 'Questa richiesta di accesso è scaduta',
    description: 'La richiesta non è più valida o è già stata completata. Torna al prodotto e accedi di nuovo.',
    home: 'Torna alla home',
    signIn: "Vai all'accesso",
  },
  failed: {
    title: "Impossibile continuare l'accesso",
    description: 'Controlla la connessione e riprova.',
    retry: 'Riprova',
  },
};
export default authorize;
