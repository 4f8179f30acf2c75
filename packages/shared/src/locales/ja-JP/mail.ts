import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '【スマートエネルギークラウド】認証コード',
  codeText: '認証コードは {{code}} です。有効期限は {{minutes}} 分です。他の人に教えないでください。',
};
export default mail;
