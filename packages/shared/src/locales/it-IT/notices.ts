import type { Messages } from '../types.ts';

const notices: Messages['notices'] = {
  subject: '[Smart Energy Cloud Platform] Avviso di sicurezza',
  newDevice:
    'È stato effettuato un accesso al tuo account da un nuovo dispositivo il {{time}} ({{device}}, {{place}}). Se non sei stato tu, cambia subito la password e disconnetti il dispositivo in «Le mie sessioni» del centro personale.',
  passwordChanged:
    'La tua password è stata cambiata il {{time}} ({{device}}, {{place}}) e gli altri tuoi dispositivi sono stati disconnessi. Se non sei stato tu, reimposta subito la password con «Hai dimenticato la password?».',
  passwordReset:
    'La tua password è stata reimpostata con un codice di verifica il {{time}} ({{device}}, {{place}}) e tutti i tuoi dispositivi sono stati disconnessi. Se non sei stato tu, reimpostala di nuovo subito.',
  phoneChanged:
    'Il numero di telefono del tuo account è stato cambiato in {{phone}} il {{time}} ({{device}}, {{place}}). Se non sei stato tu, cambia subito la password e contatta il tuo amministratore.',
  phoneVerified:
    "Il numero di telefono {{phone}} è stato verificato e associato al tuo account il {{time}} ({{device}}, {{place}}). Se non sei stato tu, cambia subito la password e contatta l'amministratore.",
  emailChanged:
    "L'indirizzo email del tuo account è stato cambiato in {{email}} il {{time}} ({{device}}, {{place}}). Se non sei stato tu, cambia subito la password e contatta il tuo amministratore.",
  twoStepOff:
    "L'accesso in due passaggi del tuo account è stato disattivato il {{time}} ({{device}}, {{place}}). Se non sei stato tu, cambia subito la password e riattivalo.",
  passkeyAdded:
    'Il {{time}} è stata aggiunta una nuova passkey al tuo account ({{device}}, {{place}}). Se non sei stato tu, rimuovila subito nel tuo centro personale e cambia la password.',
  otherSessionsSignedOut:
    'Il {{time}} tutte le altre sessioni del tuo account sono state disconnesse ({{device}}, {{place}}). Se non sei stato tu, cambia subito la password.',
  reauthenticationWrong:
    'Il {{time}} qualcuno ha inserito più volte una password o un codice errati per confermare la tua identità in una sessione aperta del tuo account ({{device}}, {{place}}). Se non sei stato tu, cambia subito la password e disconnetti le altre sessioni nel centro personale.',
  twoStepCodeWrong:
    'Il {{time}} qualcuno ha inserito la password o il codice di verifica corretti del tuo account, ma un codice di accesso in due passaggi errato ({{device}}, {{place}}). Se non sei stato tu, cambia subito la password.',
  apiKeyCreated:
    "Il {{time}} è stata creata la nuova chiave API «{{name}}» per un'azienda che amministri ({{device}}, {{place}}). Qualsiasi sistema che la possiede può chiamare il portale entro i suoi permessi. Se non era autorizzato, revocala subito in «Chiavi API» nel centro impostazioni e cambia la password.",
  unknownDevice: 'dispositivo sconosciuto',
  unknownPlace: 'rete sconosciuta',
  network: 'rete {{network}}',
  localNetwork: 'rete locale',
};
export default notices;
