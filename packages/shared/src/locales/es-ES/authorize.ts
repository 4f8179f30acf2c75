import type { Messages } from '../types.ts';

const authorize: Messages['authorize'] = {
  company: {
    title: 'Elija una empresa',
    description: 'Elija la empresa para la que abre {{product}}.',
    label: 'Sus empresas',
    noAccess: 'Sin acceso a {{product}}',
    continue: 'Continuar',
    cancel: 'Cancelar y volver',
  },
  consent: {
    title: '«{{client}}» solicita acceso a su cuenta',
    description:
      'Una aplicación de terceros para {{product}}, que no es un producto propio de la plataforma, quiere iniciar su sesión a través del portal. Si lo permite, podrá:',
    company: 'Empresa',
    noCompany: 'Ninguna empresa',
    scopes: {
      openid: 'Confirmar su identidad',
      profile: 'Ver su nombre y su idioma',
      email: 'Ver su correo electrónico',
      phone: 'Ver su número de teléfono',
      company: 'Ver la empresa elegida y su rol en ella',
      offlineAccess: 'Mantener su sesión iniciada, también mientras no esté',
      product: 'Usar la API de {{product}} en su nombre',
    },
    allow: 'Permitir',
    deny: 'Denegar',
  },
  denied: {
    title: 'Sin acceso a {{product}}',
    description:
      '{{company}} no tiene {{product}}. Solicite acceso al administrador de su empresa o elija otra empresa.',
    noCompany:
      'Su cuenta no pertenece a ninguna empresa que tenga {{product}}. Solicite acceso al administrador de su empresa.',
    back: 'Volver a {{product}}',
    otherCompany: 'Elegir otra empresa',
    otherAccount: 'Iniciar sesión con otra cuenta',
  },
  reauthenticate: {
    description:
      '{{product}} le pide que confirme que es usted antes de continuar. Sigue con la sesión iniciada en el portal.',
    secondFactor: '{{product}} pide dos pasos: su contraseña y, después, un código de su aplicación de autenticación.',
    passkeyBothSteps: 'O use una llave de acceso: cuenta como los dos pasos.',
    noSecondFactor:
      '{{product}} pide dos pasos y su cuenta solo tiene uno. Active el inicio de sesión en dos pasos o añada una llave de acceso en el centro personal y vuelva a intentarlo.',
    openPersonal: 'Ir al centro personal',
    cancel: 'Cancelar y volver',
  },
  expired: {
    title: 'Esta solicitud de inicio de sesión ha caducado',
    description: 'La solicitud ya no es válida o ya se completó. Vuelva al producto e inicie sesión de nuevo.',
    home: 'Volver al inicio',
    signIn: 'Ir al inicio de sesión',
  },
  failed: {
    title: 'No se pudo continuar con el inicio de sesión',
    description: 'Compruebe su conexión e inténtelo de nuevo.',
    retry: 'Reintentar',
  },
};
export default authorize;
