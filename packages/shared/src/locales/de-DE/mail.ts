import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '[Smart-Energy-Cloud-Plattform] Bestätigungscode',
  codeText:
    'Ihr Bestätigungscode lautet {{code}}. Er ist {{minutes}} Minuten gültig. Geben Sie ihn an niemanden weiter.',
  webhookDisabledSubject: '[Smart-Energy-Cloud-Plattform] Webhook ausgeschaltet',
  webhookDisabledText:
    'Der Webhook {{url}} eines Unternehmens, das Sie verwalten, ist seit {{since}} bei jeder Zustellung fehlgeschlagen und wurde am {{time}} ausgeschaltet: Er erhält keine Ereignisse mehr. Sobald der Empfänger wieder funktioniert, schalten Sie ihn unter „Webhooks“ in der Einstellungszentrale wieder ein; die verpassten Ereignisse lassen sich aus seinen Zustellungen erneut senden.',
  siteSharedSubject: '[Smart Energy Cloud Platform] Standorte wurden mit Ihrem Unternehmen geteilt',
  siteSharedText:
    '{{grantor}} hat mit einem Unternehmen, das Sie verwalten, Standorte als „{{template}}“ geteilt: {{sites}}, bis {{until}}. Sie finden sie im Einstellungscenter unter „Mit uns geteilt“ und können ihnen Ihre Personen oder Abteilungen zuweisen.',
  grantEndingSubject: '[Smart Energy Cloud Platform] Eine Standortfreigabe endet bald',
  grantEndingText:
    'Die Freigabe des Standorts „{{site}}“ von {{grantor}} an {{grantee}} endet am {{until}}. Ab dann endet jeder Zugriff über sie und über alles, was daraus weitergeteilt wurde. Um sie zu behalten, wenden Sie sich an das Unternehmen, das sie geteilt hat.',
  supportRequestedSubject:
    '[Smart Energy Cloud Platform] Der Support der Plattform bittet um Zugang zu Ihrem Unternehmen',
  supportRequestedText:
    '{{requester}} vom Support der Plattform bittet darum, {{company}} für {{hours}} h zu betreten ({{sites}}), Grund: {{reason}}. Genehmigen oder ablehnen können Sie dies im Einstellungscenter unter „Sicherheit“ › „Support-Zugriff“; die Anfrage läuft am {{until}} ab.',
  supportApprovedSubject: '[Smart Energy Cloud Platform] Ihre Support-Anfrage wurde genehmigt',
  supportApprovedText:
    '{{company}} hat den Support der Plattform bis {{until}} hereingelassen. Betreten Sie es über die Startseite.',
  supportRefusedSubject: '[Smart Energy Cloud Platform] Ihre Support-Anfrage wurde abgelehnt',
  supportRefusedText: '{{company}} hat Ihre Anfrage abgelehnt, das Unternehmen als Support der Plattform zu betreten.',
  supportExpiredSubject: '[Smart Energy Cloud Platform] Ihre Support-Anfrage ist abgelaufen',
  supportExpiredText:
    '{{company}} hat Ihre Support-Anfrage nicht innerhalb eines Tages entschieden, daher ist sie abgelaufen. Bei Bedarf können Sie erneut fragen.',
  supportAllSites: 'alle Standorte',
  accessRequestedSubject: '[Smart Energy Cloud Platform] Jemand bittet um Zugriff auf Ihren Standort',
  accessRequestedText:
    '{{requester}} von {{company}} bittet um den Standort „{{site}}“ als „{{template}}“ für {{hours}} Std., Grund: {{reason}}. Genehmigen oder ablehnen unter „Standorte“ im Einstellungszentrum; die Anfrage läuft am {{until}} ab.',
  accessApprovedSubject: '[Smart Energy Cloud Platform] Ihre Anfrage für einen Standort wurde genehmigt',
  accessApprovedText:
    '{{owner}} hat Ihren Zugriff auf den Standort „{{site}}“ als „{{template}}“ bis {{until}} genehmigt.',
  accessRefusedSubject: '[Smart Energy Cloud Platform] Ihre Anfrage für einen Standort wurde abgelehnt',
  accessRefusedText: '{{owner}} hat Ihre Anfrage für den Standort „{{site}}“ abgelehnt.',
  accessExpiredSubject: '[Smart Energy Cloud Platform] Ihre Anfrage für einen Standort ist abgelaufen',
  accessExpiredText:
    '{{owner}} hat über Ihre Anfrage für den Standort „{{site}}“ nicht innerhalb eines Tages entschieden; sie ist abgelaufen. Bei Bedarf können Sie erneut anfragen.',
  open: 'ohne Enddatum',
};
export default mail;
