import common from '@portal/shared/locales/it-IT/common';
import errors from '@portal/shared/locales/it-IT/errors';
import products from '@portal/shared/locales/it-IT/products';
import validation from '@portal/shared/locales/it-IT/validation';
import web from '@portal/shared/locales/it-IT/web';

/** What the screens before sign-in say; the rest follows in a chunk of its own. */
export const messages = { common, errors, products, validation, web };
export const allMessages = () => import('@portal/shared/locales/it-IT/messages');
export { default as antdLocale } from 'antd/locale/it_IT';
