import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '[Plataforma de Nube de Energía Inteligente] Código de verificación',
  codeText: 'Su código de verificación es {{code}}. Es válido durante {{minutes}} minutos. No lo comparta con nadie.',
  webhookDisabledSubject: '[Plataforma de Nube de Energía Inteligente] Webhook desactivado',
  webhookDisabledText:
    'El webhook {{url}} de una empresa que usted administra ha fallado en todas las entregas desde el {{since}} y se desactivó el {{time}}: ya no recibe eventos. Cuando el receptor vuelva a funcionar, actívelo de nuevo en «Webhooks» del centro de configuración; los eventos que no recibió pueden enviarse de nuevo desde sus entregas.',
  siteSharedSubject: '[Smart Energy Cloud Platform] Se han compartido emplazamientos con su empresa',
  siteSharedText:
    '{{grantor}} ha compartido emplazamientos con una empresa que usted administra, como «{{template}}»: {{sites}}, hasta {{until}}. Consúltelos en «Compartido con nosotros» del centro de configuración y asígnelos a sus personas o departamentos.',
  grantEndingSubject: '[Smart Energy Cloud Platform] Una concesión de emplazamiento termina pronto',
  grantEndingText:
    'La concesión del emplazamiento «{{site}}» de {{grantor}} a {{grantee}} termina el {{until}}. A partir de entonces termina todo acceso a través de ella y de lo que se haya vuelto a compartir desde ella. Para mantenerla, pídalo a la empresa que la compartió.',
  supportRequestedSubject: '[Smart Energy Cloud Platform] El soporte de la plataforma solicita entrar en su empresa',
  supportRequestedText:
    '{{requester}}, del soporte de la plataforma, solicita entrar en {{company}} durante {{hours}} h ({{sites}}), motivo: {{reason}}. Apruébela o rechácela en «Seguridad» › «Acceso del soporte» del centro de configuración; la solicitud caduca el {{until}}.',
  supportApprovedSubject: '[Smart Energy Cloud Platform] Su solicitud de soporte se ha aprobado',
  supportApprovedText:
    '{{company}} ha dejado entrar al soporte de la plataforma hasta el {{until}}. Entre desde la página de inicio.',
  supportRefusedSubject: '[Smart Energy Cloud Platform] Su solicitud de soporte se ha rechazado',
  supportRefusedText: '{{company}} ha rechazado su solicitud de entrar como soporte de la plataforma.',
  supportExpiredSubject: '[Smart Energy Cloud Platform] Su solicitud de soporte ha caducado',
  supportExpiredText:
    '{{company}} no decidió su solicitud de soporte en un día, por lo que ha caducado. Puede volver a solicitarlo cuando lo necesite.',
  supportAllSites: 'todos los emplazamientos',
  accessRequestedSubject: '[Smart Energy Cloud Platform] Alguien solicita acceso a su emplazamiento',
  accessRequestedText:
    '{{requester}} de {{company}} solicita el emplazamiento «{{site}}» como «{{template}}» durante {{hours}} h, porque: {{reason}}. Apruébela o recházela en «Emplazamientos» del centro de configuración; la solicitud caduca el {{until}}.',
  accessApprovedSubject: '[Smart Energy Cloud Platform] Se aprobó su solicitud de un emplazamiento',
  accessApprovedText: '{{owner}} aprobó su acceso al emplazamiento «{{site}}» como «{{template}}» hasta el {{until}}.',
  accessRefusedSubject: '[Smart Energy Cloud Platform] Se rechazó su solicitud de un emplazamiento',
  accessRefusedText: '{{owner}} rechazó su solicitud del emplazamiento «{{site}}».',
  accessExpiredSubject: '[Smart Energy Cloud Platform] Su solicitud de un emplazamiento ha caducado',
  accessExpiredText:
    '{{owner}} no decidió sobre su solicitud del emplazamiento «{{site}}» en un día, así que ha caducado. Puede volver a solicitarlo cuando lo necesite.',
  open: 'sin fecha de fin',
};
export default mail;
