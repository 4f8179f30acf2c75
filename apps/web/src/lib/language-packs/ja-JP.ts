export { default as messages } from '@portal/shared/locales/ja-JP/messages';
export { default as antdLocale } from 'antd/es/locale/ja_JP';
