import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '【スマートエネルギークラウド】認証コード',
  codeText: '認証コードは {{code}} です。有効期限は {{minutes}} 分です。他の人に教えないでください。',
  webhookDisabledSubject: '【スマートエネルギークラウド】Webhook が無効になりました',
  webhookDisabledText:
    'あなたが管理する企業の Webhook {{url}} は {{since}} 以降すべての配信に失敗したため、{{time}} に自動的に無効になり、イベントを受け取らなくなりました。受信側が復旧したら、設定センターの「Webhook」で再び有効にしてください。届かなかったイベントは配信履歴から再送信できます。',
  siteSharedSubject: '【スマートエネルギークラウドプラットフォーム】所属企業にサイトが共有されました',
  siteSharedText:
    '{{grantor}} が、あなたが管理する企業に「{{template}}」として サイトを共有しました：{{sites}}（{{until}} まで）。設定センターの「共有されたサイト」で確認し、社内の人や部署に割り当ててください。',
  grantEndingSubject: '【スマートエネルギークラウドプラットフォーム】サイトの付与がまもなく終了します',
  grantEndingText:
    '{{grantor}} から {{grantee}} へのサイト「{{site}}」の付与は {{until}} に終了します。その後は、この付与およびここから再共有されたすべてのアクセスが終了します。継続する場合は共有元の企業にご連絡ください。',
  supportRequestedSubject:
    '【スマートエネルギークラウドプラットフォーム】プラットフォームのサポートが企業への立ち入りを申請しています',
  supportRequestedText:
    'プラットフォームのサポートの {{requester}} が{{company}}に {{hours}} 時間立ち入ることを申請しています（{{sites}}）。理由：{{reason}}。設定センターの「セキュリティ」›「サポートアクセス」で承認または拒否してください。申請は {{until}} に期限切れになります。',
  supportApprovedSubject: '【スマートエネルギークラウドプラットフォーム】サポート申請が承認されました',
  supportApprovedText:
    '{{company}}は {{until}} までプラットフォームのサポートの立ち入りを許可しました。ランチャーから入ってください。',
  supportRefusedSubject: '【スマートエネルギークラウドプラットフォーム】サポート申請が拒否されました',
  supportRefusedText: '{{company}}はプラットフォームのサポートとしての立ち入り申請を拒否しました。',
  supportExpiredSubject: '【スマートエネルギークラウドプラットフォーム】サポート申請が期限切れになりました',
  supportExpiredText:
    '{{company}}が 1 日以内にサポート申請を処理しなかったため、申請は期限切れになりました。必要なときはもう一度申請できます。',
  supportAllSites: 'すべてのサイト',
  accessRequestedSubject: '【スマートエネルギークラウドプラットフォーム】サイトへのアクセス申請があります',
  accessRequestedText:
    '{{company}}の{{requester}}が、サイト「{{site}}」を「{{template}}」として {{hours}} 時間利用することを申請しました。理由：{{reason}}。設定センターの「サイト」で承認または拒否してください。申請は {{until}} に期限切れになります。',
  accessApprovedSubject: '【スマートエネルギークラウドプラットフォーム】サイトへのアクセス申請が承認されました',
  accessApprovedText:
    '{{owner}} が、サイト「{{site}}」への「{{template}}」としてのアクセスを {{until}} まで承認しました。',
  accessRefusedSubject: '【スマートエネルギークラウドプラットフォーム】サイトへのアクセス申請が拒否されました',
  accessRefusedText: '{{owner}} がサイト「{{site}}」への申請を拒否しました。',
  accessExpiredSubject: '【スマートエネルギークラウドプラットフォーム】サイトへのアクセス申請の期限が切れました',
  accessExpiredText:
    '{{owner}} が 1 日以内にサイト「{{site}}」への申請を判断しなかったため、申請の期限が切れました。必要なときにもう一度申請できます。',
  open: '期限なし',
};
export default mail;
