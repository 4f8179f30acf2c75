import type { Messages } from '../types.ts';

const common: Messages['common'] = {
  operationSuccess: 'Vorgang erfolgreich',
  operationFailed: 'Vorgang fehlgeschlagen',
  saveSuccess: 'Erfolgreich gespeichert',
  saveFailed: 'Speichern fehlgeschlagen',
  changeSuccess: 'Erfolgreich geändert',
  changeFailed: 'Ändern fehlgeschlagen',
  deleteSuccess: 'Erfolgreich gelöscht',
  deleteFailed: 'Löschen fehlgeschlagen',
  copySuccess: 'Erfolgreich kopiert',
  copyFailed: 'Kopieren fehlgeschlagen',
  loginExpired: 'Anmeldung abgelaufen',
  confirm: 'OK',
  cancel: 'Abbrechen',
  loading: 'Wird geladen…',
  platformTitle: 'Smart-Energy-Cloud-Plattform',
  getCode: 'Code anfordern',
  resendIn: 'Erneut senden in {{seconds}} s',
  codeCooldown: 'Gerade wurde ein Code gesendet. Einen neuen können Sie in {{seconds}} s anfordern.',
  unproven: 'Nicht bestätigt',
  unprovenHint: 'Noch nicht per Code bestätigt: Damit ist keine Anmeldung möglich.',
  transport: {
    network: 'Netzwerkfehler, bitte überprüfen Sie Ihre Netzwerkverbindung',
    aborted: 'Anfrage unterbrochen',
    timeout: 'Zeitüberschreitung der Anfrage, bitte versuchen Sie es später erneut',
    status: 'Anfrage fehlgeschlagen mit Statuscode {{status}}',
    canceled: 'Anfrage abgebrochen',
  },
};
export default common;
