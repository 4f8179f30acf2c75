export { default as messages } from '@portal/shared/locales/it-IT/messages';
export { default as antdLocale } from 'antd/es/locale/it_IT';
