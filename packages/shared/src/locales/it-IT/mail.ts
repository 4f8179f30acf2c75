import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '[Piattaforma Cloud per l’Energia Intelligente] Codice di verifica',
  codeText: 'Il tuo codice di verifica è {{code}}. È valido per {{minutes}} minuti. Non condividerlo con nessuno.',
};
export default mail;
