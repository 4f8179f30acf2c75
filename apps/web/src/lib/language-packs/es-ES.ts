export { default as messages } from '@portal/shared/locales/es-ES/messages';
export { default as antdLocale } from 'antd/es/locale/es_ES';
