import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '[Plataforma de Nube de Energía Inteligente] Código de verificación',
  codeText: 'Su código de verificación es {{code}}. Es válido durante {{minutes}} minutos. No lo comparta con nadie.',
  webhookDisabledSubject: '[Plataforma de Nube de Energía Inteligente] Webhook desactivado',
  webhookDisabledText:
    'El webhook {{url}} de una empresa que usted administra ha fallado en todas las entregas desde el {{since}} y se desactivó el {{time}}: ya no recibe eventos. Cuando el receptor vuelva a funcionar, actívelo de nuevo en «Webhooks» del centro de configuración; los eventos que no recibió pueden enviarse de nuevo desde sus entregas.',
};
export default mail;
