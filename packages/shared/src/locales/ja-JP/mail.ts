import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '【スマートエネルギークラウド】認証コード',
  codeText: '認証コードは {{code}} です。有効期限は {{minutes}} 分です。他の人に教えないでください。',
  webhookDisabledSubject: '【スマートエネルギークラウド】Webhook が無効になりました',
  webhookDisabledText:
    'あなたが管理する企業の Webhook {{url}} は {{since}} 以降すべての配信に失敗したため、{{time}} に自動的に無効になり、イベントを受け取らなくなりました。受信側が復旧したら、設定センターの「Webhook」で再び有効にしてください。届かなかったイベントは配信履歴から再送信できます。',
};
export default mail;
