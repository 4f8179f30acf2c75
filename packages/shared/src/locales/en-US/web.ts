import type { Messages } from '../types.ts';

const web: Messages['web'] = {
  app: {
    routeErrorTitle: 'This page could not be loaded',
    routeErrorDescription:
      'The connection may be unstable or the platform has just been updated. Please reload the page.',
    reload: 'Reload',
  },
  brand: {
    tagline: 'One entry to energy storage, microgrid and efficiency management',
  },
  language: {
    label: 'Display language',
  },
  theme: {
    switchToLight: 'Switch to light theme',
    switchToDark: 'Switch to dark theme',
  },
  login: {
    heading: 'Welcome back',
    subheading: 'Sign in to use the energy management products your company subscribes to',
    methods: 'Sign-in method',
    tabPhone: 'Phone',
    tabEmail: 'Email',
    tabAccount: 'Account',
    phone: 'Phone number',
    phonePlaceholder: 'Enter your phone number',
    email: 'Email',
    emailPlaceholder: 'Enter your email address',
    account: 'Account',
    accountPlaceholder: 'Enter your account',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    submit: 'Sign in',
    forgotPassword: 'Forgot password?',
    entering: 'Opening the portal…',
    heroHeadline: 'Make every kilowatt-hour smarter',
    heroDescription:
      'One account connects your storage plants, microgrids and efficiency tools, so you always know how your energy assets are running.',
    heroStorage: 'Storage plant monitoring and dispatch',
    heroMicrogrid: 'Microgrid energy management',
    heroEfficiency: 'Consumption analysis and efficiency optimisation',
    methodLabel: 'Verification method',
    byPassword: 'Password sign-in',
    byCode: 'Code sign-in',
    companySubheading: 'Sign in to {{name}} to use the energy management products your company subscribes to',
  },
  layout: {
    navigation: 'Main navigation',
    products: 'My products',
    personal: 'Personal centre',
    logout: 'Sign out',
    company: 'Current company',
    companySwitched: 'Switched to {{name}}',
    collapseSidebar: 'Collapse sidebar',
    expandSidebar: 'Expand sidebar',
    openNavigation: 'Open navigation',
    userMenu: 'User menu',
    language: 'Display language',
    lightTheme: 'Light theme',
    darkTheme: 'Dark theme',
    roleAdmin: 'Administrator',
    roleMember: 'Member',
  },
  home: {
    greeting: 'Hello, {{name}}',
    subtitle: '{{company}} has access to the products below. Select a card to open it.',
    subtitleEmpty: '{{company}} has no products yet.',
    productsLabel: 'Available products',
    noProducts: 'Your company has no products yet. Please contact your company administrator.',
    noProductsAdmin:
      'Your company has no products yet. Products are granted by the platform operator: please contact them.',
    noCompany: 'You have not joined a company yet. Please ask your company administrator to invite you.',
    open: 'Open',
  },
  notFound: {
    title: 'Page not found',
    description: 'The page you are looking for does not exist or has been removed.',
    goHome: 'Back to home',
  },
  noAuth: {
    title: 'No access',
    description: 'You do not have permission to view this page. Please contact your company administrator.',
    backToLogin: 'Return to sign-in',
    backToHome: 'Back to home',
  },
  registerInvalidity: {
    title: 'This invitation link is no longer valid',
    description:
      'The link has been used, has expired or was revoked. Please contact your administrator for a new invitation.',
    countdown: 'Going to the sign-in page in {{seconds}} seconds',
    goLogin: 'Sign in now',
  },
  code: {
    label: 'Verification code',
    placeholder: 'Enter the 6-digit code',
  },
  certify: {
    promptTitle: 'Please verify your phone number',
    promptBeforeCutOff:
      'National cybersecurity rules require a verified phone number. After {{date}}, accounts without one can no longer be used.',
    promptAfterCutOff:
      'National cybersecurity rules require a verified phone number. Since {{date}}, accounts without one can no longer be used. Please verify yours to continue.',
    verifyNow: 'Verify now',
    skip: 'Skip',
  },
  verifyPhone: {
    title: 'Phone verification',
    description: 'National cybersecurity rules require a verified phone number before the platform can be used.',
    beforeCutOff: 'Please verify by {{date}}. After that date, unverified accounts can no longer be used.',
    afterCutOff: 'Since {{date}}, accounts without a verified phone number can no longer be used.',
    phone: 'Phone number',
    phonePlaceholder: 'Enter your phone number',
    submit: 'Verify and continue',
    verified: 'Phone number verified',
    skip: 'Not now',
    signOut: 'Sign out',
    boundTitle: 'Phone number already bound',
    boundToName: 'This phone number is already bound to another account in your enterprise: {{name}}.',
    boundToAccount:
      'This phone number is already bound to another account in your enterprise: {{name}} (account {{account}}).',
    boundElsewhere: 'This phone number is already bound to another account.',
    boundHint: 'Please verify a different phone number, or contact your company administrator.',
    useAnotherPhone: 'Use another number',
    alreadyVerified: 'Your phone number {{phone}} is already verified. Verifying another number replaces it.',
  },
};
export default web;
