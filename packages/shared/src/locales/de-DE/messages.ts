import type { Messages } from '../types.ts';
import audit from './audit.ts';
import authorize from './authorize.ts';
import common from './common.ts';
import energy from './energy.ts';
import errors from './errors.ts';
import integrations from './integrations.ts';
import mail from './mail.ts';
import notices from './notices.ts';
import passkeys from './passkeys.ts';
import personal from './personal.ts';
import products from './products.ts';
import registration from './registration.ts';
import sessions from './sessions.ts';
import settings from './settings.ts';
import sites from './sites.ts';
import twoStep from './twoStep.ts';
import validation from './validation.ts';
import web from './web.ts';

const messages: Messages = {
  audit,
  authorize,
  common,
  energy,
  errors,
  integrations,
  mail,
  notices,
  passkeys,
  personal,
  products,
  registration,
  sessions,
  sites,
  settings,
  twoStep,
  validation,
  web,
};
export default messages;
