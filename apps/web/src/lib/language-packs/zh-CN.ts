export { default as messages } from '@portal/shared/locales/zh-CN/messages';
export { default as antdLocale } from 'antd/es/locale/zh_CN';
