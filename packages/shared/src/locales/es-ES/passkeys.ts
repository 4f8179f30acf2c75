import type { Messages } from '../types.ts';

/** Texts of passkeys: the personal centre's card and the sign-in page's button. */
const passkeys: Messages['passkeys'] = {
  title: 'Llaves de acceso',
  description:
    'Inicie sesión con su huella, su cara o el bloqueo de pantalla en lugar de una contraseña. Las llaves de acceso se guardan en sus dispositivos o en su gestor de contraseñas.',
  add: 'Añadir una llave de acceso',
  addTitle: 'Añadir una llave de acceso',
  addHint: 'Tras «Continuar», siga las indicaciones del navegador o del dispositivo para crear la llave.',
  name: 'Nombre',
  namePlaceholder: 'Por ejemplo: mi portátil (opcional)',
  continue: 'Continuar',
  added: 'Llave de acceso añadida',
  empty: 'Aún no hay llaves de acceso',
  unnamed: 'Llave de acceso sin nombre',
  createdAt: 'Añadida el {{time}}',
  lastUsedAt: 'Último uso: {{time}}',
  neverUsed: 'Aún no se ha usado',
  synced: 'Sincronizada',
  rename: 'Cambiar nombre',
  renameTitle: 'Cambiar el nombre de la llave de acceso',
  renamed: 'Nombre cambiado',
  remove: 'Eliminar',
  removeTitle: '¿Eliminar la llave de acceso «{{name}}»?',
  removeContent: 'Ya no servirá para iniciar sesión. También puede borrarla de su dispositivo o gestor de contraseñas.',
  removed: 'Llave de acceso eliminada',
  unsupported: 'Este navegador no admite llaves de acceso. Use una versión reciente de Chrome, Edge, Safari o Firefox.',
  cancelled: 'Cancelado o tiempo agotado',
  count_one: '{{count}} llave de acceso',
  count_other: '{{count}} llaves de acceso',
  recentTitle: '¿Eliminar también las llaves de acceso añadidas hace poco?',
  recentContent:
    'Estas llaves de acceso se añadieron en los últimos 7 días. Si no las añadió usted, elimínelas: de lo contrario seguirán iniciando sesión en su cuenta.',
  recentRemove: 'Eliminarlas',
  recentKeep: 'Conservarlas',
  recentRemoved: 'Se eliminaron las llaves de acceso recientes',
};
export default passkeys;
