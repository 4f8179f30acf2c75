import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '[Smart-Energy-Cloud-Plattform] Bestätigungscode',
  codeText:
    'Ihr Bestätigungscode lautet {{code}}. Er ist {{minutes}} Minuten gültig. Geben Sie ihn an niemanden weiter.',
  webhookDisabledSubject: '[Smart-Energy-Cloud-Plattform] Webhook ausgeschaltet',
  webhookDisabledText:
    'Der Webhook {{url}} eines Unternehmens, das Sie verwalten, ist seit {{since}} bei jeder Zustellung fehlgeschlagen und wurde am {{time}} ausgeschaltet: Er erhält keine Ereignisse mehr. Sobald der Empfänger wieder funktioniert, schalten Sie ihn unter „Webhooks“ in der Einstellungszentrale wieder ein; die verpassten Ereignisse lassen sich aus seinen Zustellungen erneut senden.',
};
export default mail;
