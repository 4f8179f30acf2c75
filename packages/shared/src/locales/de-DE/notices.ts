import type { Messages } from '../types.ts';

const notices: Messages['notices'] = {
  subject: '[Smart Energy Cloud Platform] Sicherheitshinweis',
  newDevice:
    'Ihr Konto wurde am {{time}} auf einem neuen Gerät angemeldet ({{device}}, {{place}}). Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und melden Sie das Gerät im Persönlichen Bereich unter „Meine Sitzungen“ ab.',
  passwordChanged:
    'Ihr Passwort wurde am {{time}} geändert ({{device}}, {{place}}); Ihre anderen Geräte wurden abgemeldet. Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort über „Passwort vergessen?“ zurück.',
  passwordReset:
    'Ihr Passwort wurde am {{time}} mit einem Bestätigungscode zurückgesetzt ({{device}}, {{place}}); alle Ihre Geräte wurden abgemeldet. Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort erneut zurück.',
  phoneChanged:
    'Die Telefonnummer Ihres Kontos wurde am {{time}} in {{phone}} geändert ({{device}}, {{place}}). Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und wenden Sie sich an Ihren Administrator.',
  phoneVerified:
    'Die Telefonnummer {{phone}} wurde am {{time}} bestätigt und mit Ihrem Konto verknüpft ({{device}}, {{place}}). Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und wenden Sie sich an Ihren Administrator.',
  emailChanged:
    'Die E-Mail-Adresse Ihres Kontos wurde am {{time}} in {{email}} geändert ({{device}}, {{place}}). Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und wenden Sie sich an Ihren Administrator.',
  twoStepOff:
    'Die Zwei-Schritt-Anmeldung wurde für Ihr Konto am {{time}} ausgeschaltet ({{device}}, {{place}}). Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und schalten Sie sie wieder ein.',
  passkeyAdded:
    'Ihrem Konto wurde am {{time}} ein neuer Passkey hinzugefügt ({{device}}, {{place}}). Wenn Sie das nicht waren, entfernen Sie ihn sofort in Ihrem persönlichen Bereich und ändern Sie Ihr Passwort.',
  otherSessionsSignedOut:
    'Alle anderen Sitzungen Ihres Kontos wurden am {{time}} abgemeldet ({{device}}, {{place}}). Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort.',
  reauthenticationWrong:
    'Am {{time}} hat jemand in einer angemeldeten Sitzung Ihres Kontos bei der Bestätigung Ihrer Identität mehrmals ein falsches Passwort oder einen falschen Code eingegeben ({{device}}, {{place}}). Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und melden Sie im persönlichen Bereich die anderen Sitzungen ab.',
  twoStepCodeWrong:
    'Am {{time}} hat jemand das richtige Passwort oder den richtigen Bestätigungscode Ihres Kontos eingegeben, aber einen falschen Zwei-Schritt-Code ({{device}}, {{place}}). Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort.',
  apiKeyCreated:
    'Für ein Unternehmen, das Sie verwalten, wurde am {{time}} der neue API-Schlüssel „{{name}}“ erstellt ({{device}}, {{place}}). Jedes System, das ihn besitzt, kann das Portal im Rahmen seiner Berechtigungen aufrufen. Falls das nicht genehmigt war, widerrufen Sie ihn sofort unter „API-Schlüssel“ in der Einstellungszentrale und ändern Sie Ihr Passwort.',
  unknownDevice: 'unbekanntes Gerät',
  unknownPlace: 'unbekanntes Netzwerk',
  network: 'Netzwerk {{network}}',
  localNetwork: 'lokales Netzwerk',
};
export default notices;
