import common from '@portal/shared/locales/en-US/common';
import errors from '@portal/shared/locales/en-US/errors';
import products from '@portal/shared/locales/en-US/products';
import validation from '@portal/shared/locales/en-US/validation';
import web from '@portal/shared/locales/en-US/web';

/** What the screens before sign-in say; the rest follows in a chunk of its own. */
export const messages = { common, errors, products, validation, web };
export const allMessages = () => import('@portal/shared/locales/en-US/messages');
export { default as antdLocale } from 'antd/locale/en_US';
