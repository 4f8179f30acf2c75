import common from '@portal/shared/locales/de-DE/common';
import errors from '@portal/shared/locales/de-DE/errors';
import products from '@portal/shared/locales/de-DE/products';
import validation from '@portal/shared/locales/de-DE/validation';
import web from '@portal/shared/locales/de-DE/web';

/** What the screens before sign-in say; the rest follows in a chunk of its own. */
export const messages = { common, errors, products, validation, web };
export const allMessages = () => import('@portal/shared/locales/de-DE/messages');
export { default as antdLocale } from 'antd/locale/de_DE';
