import type { Messages } from '../types.ts';

const notices: Messages['notices'] = {
  subject: '[Smart Energy Cloud Platform] Aviso de seguridad',
  newDevice:
    'Se ha iniciado sesión en su cuenta desde un dispositivo nuevo el {{time}} ({{device}}, {{place}}). Si no ha sido usted, cambie su contraseña ahora y cierre la sesión de ese dispositivo en «Mis sesiones» del centro personal.',
  passwordChanged:
    'Su contraseña se cambió el {{time}} ({{device}}, {{place}}) y se cerró la sesión en sus otros dispositivos. Si no ha sido usted, restablezca su contraseña ahora con «¿Ha olvidado la contraseña?».',
  passwordReset:
    'Su contraseña se restableció con un código de verificación el {{time}} ({{device}}, {{place}}) y se cerró la sesión en todos sus dispositivos. Si no ha sido usted, restablézcala de nuevo ahora.',
  phoneChanged:
    'El número de teléfono de su cuenta se cambió a {{phone}} el {{time}} ({{device}}, {{place}}). Si no ha sido usted, cambie su contraseña ahora y avise a su administrador.',
  phoneVerified:
    'El número de teléfono {{phone}} se verificó y se vinculó a su cuenta el {{time}} ({{device}}, {{place}}). Si no fue usted, cambie su contraseña ahora y póngase en contacto con su administrador.',
  emailChanged:
    'El correo electrónico de su cuenta se cambió a {{email}} el {{time}} ({{device}}, {{place}}). Si no ha sido usted, cambie su contraseña ahora y avise a su administrador.',
  twoStepOff:
    'Se desactivó el inicio de sesión en dos pasos de su cuenta el {{time}} ({{device}}, {{place}}). Si no ha sido usted, cambie su contraseña ahora y vuelva a activarlo.',
  passkeyAdded:
    'Se añadió una nueva llave de acceso a su cuenta el {{time}} ({{device}}, {{place}}). Si no ha sido usted, elimínela en su centro personal y cambie su contraseña ahora.',
  otherSessionsSignedOut:
    'Se cerraron todas las demás sesiones de su cuenta el {{time}} ({{device}}, {{place}}). Si no ha sido usted, cambie su contraseña ahora.',
  reauthenticationWrong:
    'El {{time}} alguien introdujo varias veces una contraseña o un código incorrectos al confirmar su identidad en una sesión iniciada de su cuenta ({{device}}, {{place}}). Si no ha sido usted, cambie su contraseña ahora y cierre las demás sesiones en el centro personal.',
  twoStepCodeWrong:
    'El {{time}} alguien introdujo la contraseña o el código de verificación correctos de su cuenta, pero un código de dos pasos incorrecto ({{device}}, {{place}}). Si no ha sido usted, cambie su contraseña ahora.',
  apiKeyCreated:
    'El {{time}} se creó la nueva clave de API «{{name}}» para una empresa que usted administra ({{device}}, {{place}}). Cualquier sistema que la tenga puede llamar al portal dentro de sus permisos. Si no estaba autorizado, revóquela ahora en «Claves de API» del centro de configuración y cambie su contraseña.',
  unknownDevice: 'dispositivo desconocido',
  unknownPlace: 'red desconocida',
  network: 'red {{network}}',
  localNetwork: 'red local',
};
export default notices;
