import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '[Piattaforma Cloud per l’Energia Intelligente] Codice di verifica',
  codeText: 'Il tuo codice di verifica è {{code}}. È valido per {{minutes}} minuti. Non condividerlo con nessuno.',
  webhookDisabledSubject: '[Piattaforma Cloud per l’Energia Intelligente] Webhook disattivato',
  webhookDisabledText:
    "Il webhook {{url}} di un'azienda che amministri non è riuscito a consegnare nulla dal {{since}} ed è stato disattivato il {{time}}: non riceve più eventi. Quando il ricevitore funziona di nuovo, riattivalo in «Webhook» nel centro impostazioni; gli eventi persi possono essere inviati di nuovo dalle sue consegne.",
};
export default mail;
