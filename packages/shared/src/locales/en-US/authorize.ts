import type { Messages } from '../types.ts';

const authorize: Messages['authorize'] = {
  company: {
    title: 'Choose a company',
    description: 'Choose the company you open {{product}} for.',
    label: 'Your companies',
    noAccess: 'No access to {{product}}',
    continue: 'Continue',
    cancel: 'Cancel and go back',
  },
  consent: {
    title: '“{{client}}” asks for access to your account',
    description:
      'A third-party application for {{product}}, not one of the platform’s own products, wants to sign you in through the portal. If you allow it, it can:',
    company: 'Company',
    noCompany: 'No company',
    scopes: {
      openid: 'Confirm who you are',
      profile: 'See your name and language',
      email: 'See your email address',
      phone: 'See your phone number',
      company: 'See the company you chose and your role in it',
      offlineAccess: 'Keep you signed in, also while you are away',
      product: 'Use the API of {{product}} on your behalf',
    },
    allow: 'Allow',
    deny: 'Deny',
  },
  denied: {
    title: 'No access to {{product}}',
    description:
      '{{company}} does not have {{product}}. Ask your company administrator for access, or choose another company.',
    noCompany: 'Your account belongs to no company that has {{product}}. Ask your company administrator for access.',
    back: 'Back to {{product}}',
    otherCompany: 'Choose another company',
    otherAccount: 'Sign in with another account',
  },
  reauthenticate: {
    description: '{{product}} asks you to confirm it’s you before it goes on. You stay signed in to the portal.',
    secondFactor: '{{product}} asks for two steps: your password, then a code of your authenticator app.',
    passkeyBothSteps: 'Or use a passkey instead: it counts as both steps.',
    noSecondFactor:
      '{{product}} asks for two steps, and your account has one only. Turn on two-step sign-in or add a passkey in the personal center, then try again.',
    openPersonal: 'Open the personal center',
    cancel: 'Cancel and go back',
  },
  expired: {
    title: 'This sign-in request has expired',
    description: 'The request is no longer valid or was already completed. Go back to the product and sign in again.',
    home: 'Back to home',
    signIn: 'Go to sign-in',
  },
  failed: {
    title: 'The sign-in could not continue',
    description: 'Check your connection and try again.',
    retry: 'Try again',
  },
};
export default authorize;
