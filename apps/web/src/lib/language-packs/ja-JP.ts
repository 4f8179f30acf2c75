import common from '@portal/shared/locales/ja-JP/common';
import errors from '@portal/shared/locales/ja-JP/errors';
import products from '@portal/shared/locales/ja-JP/products';
import validation from '@portal/shared/locales/ja-JP/validation';
import web from '@portal/shared/locales/ja-JP/web';

/** What the screens before sign-in say; the rest follows in a chunk of its own. */
export const messages = { common, errors, products, validation, web };
export const allMessages = () => import('@portal/shared/locales/ja-JP/messages');
export { default as antdLocale } from 'antd/locale/ja_JP';
