import common from '@portal/shared/locales/zh-CN/common';
import errors from '@portal/shared/locales/zh-CN/errors';
import products from '@portal/shared/locales/zh-CN/products';
import validation from '@portal/shared/locales/zh-CN/validation';
import web from '@portal/shared/locales/zh-CN/web';

/** What the screens before sign-in say; the rest follows in a chunk of its own. */
export const messages = { common, errors, products, validation, web };
export const allMessages = () => import('@portal/shared/locales/zh-CN/messages');
export { default as antdLocale } from 'antd/locale/zh_CN';
