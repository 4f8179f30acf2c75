import type { Messages } from '../types.ts';
import common from './common.ts';
import energy from './energy.ts';
import errors from './errors.ts';
import mail from './mail.ts';
import products from './products.ts';
import validation from './validation.ts';
import web from './web.ts';

const messages: Messages = { common, energy, errors, mail, products, validation, web };
export default messages;
