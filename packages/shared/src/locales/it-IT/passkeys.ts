import type { Messages } from '../types.ts';

/** Texts of passkeys: the personal centre's card and the sign-in page's button. */
const passkeys: Messages['passkeys'] = {
  title: 'Passkey',
  description:
    "Accedi con l'impronta, il volto o il blocco schermo invece della password. Le passkey restano sui tuoi dispositivi o nel tuo gestore di password.",
  add: 'Aggiungi una passkey',
  addTitle: 'Aggiungi una passkey',
  addHint: 'Dopo «Continua», segui le indicazioni del browser o del dispositivo per creare la passkey.',
  name: 'Nome',
  namePlaceholder: 'Ad esempio: il mio portatile (facoltativo)',
  continue: 'Continua',
  added: 'Passkey aggiunta',
  empty: 'Ancora nessuna passkey',
  unnamed: 'Passkey senza nome',
  createdAt: 'Aggiunta il {{time}}',
  lastUsedAt: 'Ultimo utilizzo: {{time}}',
  neverUsed: 'Non ancora usata',
  synced: 'Sincronizzata',
  rename: 'Rinomina',
  renameTitle: 'Rinomina la passkey',
  renamed: 'Rinominata',
  remove: 'Rimuovi',
  removeTitle: 'Rimuovere la passkey «{{name}}»?',
  removeContent: 'Non potrai più usarla per accedere. Puoi eliminarla anche dal dispositivo o dal gestore di password.',
  removed: 'Passkey rimossa',
  unsupported: 'Questo browser non supporta le passkey. Usa una versione recente di Chrome, Edge, Safari o Firefox.',
  cancelled: 'Annullato o tempo scaduto',
  count_one: '{{count}} passkey registrata',
  count_other: '{{count}} passkey registrate',
  recentTitle: 'Rimuovere anche le passkey aggiunte di recente?',
  recentContent:
    'Queste passkey sono state aggiunte negli ultimi 7 giorni. Se non le hai aggiunte tu, rimuovile: altrimenti potranno ancora accedere al tuo account.',
  recentRemove: 'Rimuovile',
  recentKeep: 'Mantienile',
  recentRemoved: 'Le passkey recenti sono state rimosse',
};
export default passkeys;
