import type { Messages } from '../types.ts';

/** Texts of passkeys: the personal centre's card and the sign-in page's button. */
const passkeys: Messages['passkeys'] = {
  title: 'Passkeys',
  description:
    'Melden Sie sich mit Fingerabdruck, Gesicht oder Bildschirmsperre statt mit einem Passwort an. Passkeys liegen auf Ihren Geräten oder in Ihrem Passwortmanager.',
  add: 'Passkey hinzufügen',
  addTitle: 'Passkey hinzufügen',
  addHint: 'Folgen Sie nach „Weiter“ den Hinweisen Ihres Browsers oder Geräts, um den Passkey zu erstellen.',
  name: 'Bezeichnung',
  namePlaceholder: 'Zum Beispiel: mein Laptop (optional)',
  continue: 'Weiter',
  added: 'Passkey hinzugefügt',
  empty: 'Noch keine Passkeys',
  unnamed: 'Passkey ohne Bezeichnung',
  createdAt: 'Hinzugefügt am {{time}}',
  lastUsedAt: 'Zuletzt verwendet am {{time}}',
  neverUsed: 'Noch nicht verwendet',
  synced: 'Synchronisiert',
  rename: 'Umbenennen',
  renameTitle: 'Passkey umbenennen',
  renamed: 'Umbenannt',
  remove: 'Entfernen',
  removeTitle: 'Den Passkey „{{name}}“ entfernen?',
  removeContent:
    'Mit ihm ist keine Anmeldung mehr möglich. Auf Ihrem Gerät oder im Passwortmanager können Sie ihn dort ebenfalls löschen.',
  removed: 'Passkey entfernt',
  unsupported:
    'Dieser Browser unterstützt keine Passkeys. Bitte verwenden Sie ein aktuelles Chrome, Edge, Safari oder Firefox.',
  cancelled: 'Abgebrochen oder Zeit abgelaufen',
  count_one: '{{count}} Passkey',
  count_other: '{{count}} Passkeys',
  recentTitle: 'Auch kürzlich hinzugefügte Passkeys entfernen?',
  recentContent:
    'Diese Passkeys wurden in den letzten 7 Tagen hinzugefügt. Wenn Sie sie nicht hinzugefügt haben, entfernen Sie sie: Sonst melden sie weiterhin bei Ihrem Konto an.',
  recentRemove: 'Entfernen',
  recentKeep: 'Behalten',
  recentRemoved: 'Die kürzlich hinzugefügten Passkeys wurden entfernt',
};
export default passkeys;
