import type { Messages } from '../types.ts';

/** Texts of passkeys: the personal centre's card and the sign-in page's button. */
const passkeys: Messages['passkeys'] = {
  title: 'Passkeys',
  description:
    'Sign in with your fingerprint, face or screen lock instead of a password. Passkeys are kept on your devices or in your password manager.',
  add: 'Add a passkey',
  addTitle: 'Add a passkey',
  addHint: 'After “Continue”, follow your browser or device to create the passkey.',
  name: 'Name',
  namePlaceholder: 'For example: my laptop (optional)',
  continue: 'Continue',
  added: 'Passkey added',
  empty: 'No passkeys yet',
  unnamed: 'Unnamed passkey',
  createdAt: 'Added {{time}}',
  lastUsedAt: 'Last used {{time}}',
  neverUsed: 'Not used yet',
  synced: 'Synced',
  rename: 'Rename',
  renameTitle: 'Rename passkey',
  renamed: 'Renamed',
  remove: 'Remove',
  removeTitle: 'Remove the passkey “{{name}}”?',
  removeContent: 'It will no longer sign you in. You can also delete it from your device or password manager there.',
  removed: 'Passkey removed',
  unsupported: 'This browser does not support passkeys. Please use a recent Chrome, Edge, Safari or Firefox.',
  cancelled: 'Canceled or timed out',
  count_one: '{{count}} passkey',
  count_other: '{{count}} passkeys',
  recentTitle: 'Also remove recently added passkeys?',
  recentContent:
    'These passkeys were added in the last 7 days. If you did not add them, remove them: they would still sign in to your account.',
  recentRemove: 'Remove them',
  recentKeep: 'Keep them',
  recentRemoved: 'The recent passkeys were removed',
};
export default passkeys;
