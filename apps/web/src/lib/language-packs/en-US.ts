export { default as messages } from '@portal/shared/locales/en-US/messages';
export { default as antdLocale } from 'antd/es/locale/en_US';
