import type { Messages } from '../types.ts';
import common from './common.ts';
import energy from './energy.ts';
import errors from './errors.ts';
import mail from './mail.ts';
import personal from './personal.ts';
import products from './products.ts';
import registration from './registration.ts';
import settings from './settings.ts';
import validation from './validation.ts';
import web from './web.ts';

const messages: Messages = {
  common,
  energy,
  errors,
  mail,
  personal,
  products,
  registration,
  settings,
  validation,
  web,
};
export default messages;
