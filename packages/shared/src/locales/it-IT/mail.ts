import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '[Piattaforma Cloud per l’Energia Intelligente] Codice di verifica',
  codeText: 'Il tuo codice di verifica è {{code}}. È valido per {{minutes}} minuti. Non condividerlo con nessuno.',
  webhookDisabledSubject: '[Piattaforma Cloud per l’Energia Intelligente] Webhook disattivato',
  webhookDisabledText:
    "Il webhook {{url}} di un'azienda che amministri non è riuscito a consegnare nulla dal {{since}} ed è stato disattivato il {{time}}: non riceve più eventi. Quando il ricevitore funziona di nuovo, riattivalo in «Webhook» nel centro impostazioni; gli eventi persi possono essere inviati di nuovo dalle sue consegne.",
  siteSharedSubject: '[Smart Energy Cloud Platform] Alcuni siti sono stati condivisi con la tua azienda',
  siteSharedText:
    "{{grantor}} ha condiviso siti con un'azienda che amministri, come «{{template}}»: {{sites}}, fino al {{until}}. Li trovi in «Condivisi con noi» nel centro impostazioni, dove puoi assegnarli alle tue persone o ai tuoi reparti.",
  grantEndingSubject: '[Smart Energy Cloud Platform] Una concessione di sito termina presto',
  grantEndingText:
    "La concessione del sito «{{site}}» da {{grantor}} a {{grantee}} termina il {{until}}. Da allora termina ogni accesso tramite essa e tramite quanto condiviso a partire da essa. Per mantenerla, rivolgiti all'azienda che l'ha condivisa.",
  supportRequestedSubject:
    '[Smart Energy Cloud Platform] Il supporto della piattaforma chiede di entrare nella tua azienda',
  supportRequestedText:
    '{{requester}} del supporto della piattaforma chiede di entrare in {{company}} per {{hours}} h ({{sites}}), motivo: {{reason}}. Approva o rifiuta in «Sicurezza» › «Accesso del supporto» del centro impostazioni; la richiesta scade il {{until}}.',
  supportApprovedSubject: '[Smart Energy Cloud Platform] La tua richiesta di supporto è stata approvata',
  supportApprovedText:
    '{{company}} ha fatto entrare il supporto della piattaforma fino al {{until}}. Entra dalla pagina iniziale.',
  supportRefusedSubject: '[Smart Energy Cloud Platform] La tua richiesta di supporto è stata rifiutata',
  supportRefusedText: '{{company}} ha rifiutato la tua richiesta di entrare come supporto della piattaforma.',
  supportExpiredSubject: '[Smart Energy Cloud Platform] La tua richiesta di supporto è scaduta',
  supportExpiredText:
    '{{company}} non ha deciso la tua richiesta di supporto entro un giorno, quindi è scaduta. Puoi chiedere di nuovo quando serve.',
  supportAllSites: 'tutti i siti',
  accessRequestedSubject: '[Smart Energy Cloud Platform] Qualcuno chiede l’accesso al tuo sito',
  accessRequestedText:
    '{{requester}} di {{company}} chiede il sito «{{site}}» come «{{template}}» per {{hours}} h, perché: {{reason}}. Approva o rifiuta in «Siti» nel centro impostazioni; la richiesta scade il {{until}}.',
  accessApprovedSubject: '[Smart Energy Cloud Platform] La tua richiesta di un sito è stata approvata',
  accessApprovedText: '{{owner}} ha approvato il tuo accesso al sito «{{site}}» come «{{template}}» fino al {{until}}.',
  accessRefusedSubject: '[Smart Energy Cloud Platform] La tua richiesta di un sito è stata rifiutata',
  accessRefusedText: '{{owner}} ha rifiutato la tua richiesta del sito «{{site}}».',
  accessExpiredSubject: '[Smart Energy Cloud Platform] La tua richiesta di un sito è scaduta',
  accessExpiredText:
    '{{owner}} non ha deciso sulla tua richiesta del sito «{{site}}» entro un giorno, quindi è scaduta. Puoi chiederlo di nuovo quando ti serve.',
  open: 'senza data di fine',
};
export default mail;
