import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '[Plataforma de Nube de Energía Inteligente] Código de verificación',
  codeText: 'Su código de verificación es {{code}}. Es válido durante {{minutes}} minutos. No lo comparta con nadie.',
};
export default mail;
