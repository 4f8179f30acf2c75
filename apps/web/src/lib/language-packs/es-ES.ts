import common from '@portal/shared/locales/es-ES/common';
import errors from '@portal/shared/locales/es-ES/errors';
import products from '@portal/shared/locales/es-ES/products';
import validation from '@portal/shared/locales/es-ES/validation';
import web from '@portal/shared/locales/es-ES/web';

/** What the screens before sign-in say; the rest follows in a chunk of its own. */
export const messages = { common, errors, products, validation, web };
export const allMessages = () => import('@portal/shared/locales/es-ES/messages');
export { default as antdLocale } from 'antd/locale/es_ES';
