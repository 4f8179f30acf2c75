import type { Messages } from '../types.ts';

const common: Messages['common'] = {
  operationSuccess: 'Operación realizada correctamente',
  operationFailed: 'La operación ha fallado',
  saveSuccess: 'Guardado correctamente',
  saveFailed: 'No se ha podido guardar',
  changeSuccess: 'Modificado correctamente',
  changeFailed: 'No se ha podido modificar',
  deleteSuccess: 'Eliminado correctamente',
  deleteFailed: 'No se ha podido eliminar',
  copySuccess: 'Copiado correctamente',
  copyFailed: 'No se ha podido copiar',
  loginExpired: 'La sesión ha caducado',
  confirm: 'Aceptar',
  cancel: 'Cancelar',
  loading: 'Cargando…',
  platformTitle: 'Plataforma en la nube de energía inteligente',
  getCode: 'Obtener código',
  resendIn: 'Reenviar en {{seconds}} s',
  codeCooldown: 'Se acaba de enviar un código. Puede pedir otro dentro de {{seconds}} s.',
  unproven: 'Sin verificar',
  unprovenHint: 'Aún no se ha verificado con un código: no sirve para iniciar sesión.',
  transport: {
    network: 'Error de red, compruebe su conexión a la red',
    aborted: 'Solicitud interrumpida',
    timeout: 'Se ha agotado el tiempo de espera de la solicitud, inténtelo de nuevo más tarde',
    status: 'La solicitud ha fallado con el código de estado {{status}}',
    canceled: 'Solicitud cancelada',
  },
};
export default common;
