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
    productsLabel: 'Available products',
    noProducts: 'Your company has no products yet. Please contact your company administrator.',
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
  },
  registerInvalidity: {
    title: 'This invitation link is no longer valid',
    description:
      'The link has been used, has expired or was revoked. Please contact your administrator for a new invitation.',
    countdown: 'Going to the sign-in page in {{seconds}} seconds',
    goLogin: 'Sign in now',
  },
  pending: {
    notice: 'This feature is not available yet.',
    backToLogin: 'Return to sign-in',
    backToHome: 'Back to home',
  },
  verifyPhone: {
    title: 'Phone verification',
    description: 'National cybersecurity rules require a verified phone number before the platform can be used.',
  },
  registerCommon: {
    adminTitle: 'Company administrator registration',
    ordinaryTitle: 'Company member registration',
    description: 'Join a company through the invitation link your administrator sent you.',
  },
  registerOwner: {
    title: 'Owner company registration',
    description: 'Register an owner company through an invitation link and link it to the inviting company.',
  },
  forgetPassword: {
    title: 'Reset password',
    description: 'Confirm your identity with your bound phone number or email, then set a new password.',
  },
  personal: {
    title: 'Personal centre',
    description: 'Change your name, phone number, email and password, or bind a phone number or email.',
  },
};
export default web;
