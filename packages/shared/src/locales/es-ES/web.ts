import type { Messages } from '../types.ts';

const web: Messages['web'] = {
  app: {
    routeErrorTitle: 'No se ha podido cargar la página',
    routeErrorDescription:
      'Puede que la conexión sea inestable o que la plataforma se acabe de actualizar. Vuelva a cargar la página.',
    reload: 'Volver a cargar',
  },
  brand: {
    tagline: 'Un único acceso a la gestión de almacenamiento, microrredes y eficiencia energética',
  },
  language: {
    label: 'Idioma de la interfaz',
  },
  theme: {
    switchToLight: 'Cambiar al tema claro',
    switchToDark: 'Cambiar al tema oscuro',
  },
  login: {
    heading: 'Bienvenido de nuevo',
    subheading: 'Inicie sesión para usar los productos de gestión energética contratados por su empresa',
    methods: 'Método de acceso',
    tabPhone: 'Teléfono',
    tabEmail: 'Correo',
    tabAccount: 'Cuenta',
    phone: 'Número de teléfono',
    phonePlaceholder: 'Introduzca su número de teléfono',
    email: 'Correo electrónico',
    emailPlaceholder: 'Introduzca su correo electrónico',
    account: 'Cuenta',
    accountPlaceholder: 'Introduzca su cuenta',
    password: 'Contraseña',
    passwordPlaceholder: 'Introduzca su contraseña',
    showPassword: 'Mostrar la contraseña',
    submit: 'Iniciar sesión',
    forgotPassword: '¿Ha olvidado la contraseña?',
    passkeySignIn: 'Iniciar sesión con una llave de acceso',
    passkeyOr: 'o',
    passkeyNotUsed: 'No se ha usado ninguna llave de acceso. Puede iniciar sesión con su contraseña.',
    entering: 'Abriendo el portal…',
    heroHeadline: 'Cada kilovatio hora, más inteligente',
    heroDescription:
      'Una sola cuenta conecta sus plantas de almacenamiento, microrredes y herramientas de eficiencia para que sepa en todo momento cómo funcionan sus activos energéticos.',
    heroStorage: 'Supervisión y despacho de plantas de almacenamiento',
    heroMicrogrid: 'Gestión energética de microrredes',
    heroEfficiency: 'Análisis de consumo y optimización de la eficiencia',
    methodLabel: 'Método de verificación',
    byPassword: 'Con contraseña',
    byCode: 'Con código',
    companySubheading:
      'Inicie sesión en {{name}} para usar los productos de gestión energética contratados por su empresa',
    productSubheading: 'Inicie sesión para continuar en {{product}}',
  },
  layout: {
    navigation: 'Navegación principal',
    products: 'Mis productos',
    personal: 'Centro personal',
    logout: 'Cerrar sesión',
    company: 'Empresa actual',
    companySwitched: 'Ha cambiado a {{name}}',
    collapseSidebar: 'Contraer la barra lateral',
    expandSidebar: 'Expandir la barra lateral',
    openNavigation: 'Abrir la navegación',
    userMenu: 'Menú de usuario',
    language: 'Idioma de la interfaz',
    lightTheme: 'Tema claro',
    darkTheme: 'Tema oscuro',
    roleAdmin: 'Administrador',
    roleMember: 'Miembro',
  },
  home: {
    greeting: 'Hola, {{name}}',
    subtitle: '{{company}} tiene acceso a los siguientes productos. Seleccione una tarjeta para abrirlo.',
    subtitleEmpty: '{{company}} aún no tiene productos.',
    productsLabel: 'Productos disponibles',
    noProducts: 'Su empresa todavía no tiene productos. Póngase en contacto con el administrador de su empresa.',
    noProductsAdmin:
      'Su empresa aún no tiene productos. Los productos los habilita el operador de la plataforma: póngase en contacto con él.',
    noCompany: 'Todavía no pertenece a ninguna empresa. Pida al administrador de su empresa que le invite.',
    open: 'Abrir',
  },
  notFound: {
    title: 'Página no encontrada',
    description: 'La página que busca no existe o se ha eliminado.',
    goHome: 'Volver al inicio',
  },
  noAuth: {
    title: 'Sin acceso',
    description: 'No tiene permiso para ver esta página. Póngase en contacto con el administrador de su empresa.',
    backToLogin: 'Volver al inicio de sesión',
    backToHome: 'Volver al inicio',
  },
  registerInvalidity: {
    title: 'Este enlace de invitación ya no es válido',
    description:
      'El enlace ya se ha usado, ha caducado o se ha revocado. Pida una nueva invitación a su administrador.',
    countdown_one: 'Irá a la página de inicio de sesión en {{count}} segundo',
    countdown_other: 'Irá a la página de inicio de sesión en {{count}} segundos',
    goLogin: 'Iniciar sesión ahora',
  },
  code: {
    label: 'Código de verificación',
    placeholder: '6 dígitos',
  },
  certify: {
    promptTitle: 'Verifique su número de teléfono',
    promptBeforeCutOff:
      'La normativa nacional de ciberseguridad exige un número de teléfono verificado. Después del {{date}}, las cuentas sin verificar ya no podrán usarse.',
    promptAfterCutOff:
      'La normativa nacional de ciberseguridad exige un número de teléfono verificado. Desde el {{date}}, las cuentas sin verificar ya no pueden usarse. Verifique el suyo para continuar.',
    verifyNow: 'Verificar ahora',
    skip: 'Omitir',
  },
  verifyPhone: {
    title: 'Verificación del teléfono',
    description:
      'La normativa nacional de ciberseguridad exige verificar un número de teléfono antes de usar la plataforma.',
    beforeCutOff:
      'Verifique su número antes del {{date}}. Después de esa fecha, las cuentas sin verificar ya no podrán usarse.',
    afterCutOff: 'Desde el {{date}}, las cuentas sin un número de teléfono verificado ya no pueden usarse.',
    phone: 'Número de teléfono',
    phonePlaceholder: 'Introduzca su número de teléfono',
    submit: 'Verificar y continuar',
    verified: 'Número de teléfono verificado',
    skip: 'Ahora no',
    signOut: 'Cerrar sesión',
    boundTitle: 'Número de teléfono ya vinculado',
    boundElsewhere: 'Este número de teléfono ya está vinculado a otra cuenta.',
    boundHint: 'Verifique otro número de teléfono o póngase en contacto con el administrador de su empresa.',
    useAnotherPhone: 'Usar otro número',
    alreadyVerified: 'Su número de teléfono {{phone}} ya está verificado. Si verifica otro número, lo sustituirá.',
  },
};
export default web;
