export { default as messages } from '@portal/shared/locales/de-DE/messages';
export { default as antdLocale } from 'antd/es/locale/de_DE';
