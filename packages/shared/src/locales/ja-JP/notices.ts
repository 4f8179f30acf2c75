import type { Messages } from '../types.ts';

const notices: Messages['notices'] = {
  subject: '【スマートエネルギークラウドプラットフォーム】セキュリティのお知らせ',
  newDevice:
    '{{time}} に新しいデバイスからアカウントへのログインがありました（{{device}}、ネットワーク {{place}}）。お心当たりがない場合は、すぐにパスワードを変更し、個人センターの「マイセッション」でそのデバイスをログアウトしてください。',
  passwordChanged:
    '{{time}} にパスワードが変更され（{{device}}、ネットワーク {{place}}）、他のデバイスはログアウトされました。お心当たりがない場合は、すぐに「パスワードをお忘れですか？」からパスワードを再設定してください。',
  passwordReset:
    '{{time}} に確認コードでパスワードが再設定され（{{device}}、ネットワーク {{place}}）、すべてのデバイスがログアウトされました。お心当たりがない場合は、すぐにもう一度パスワードを再設定してください。',
  phoneChanged:
    '{{time}} にアカウントの電話番号が {{phone}} に変更されました（{{device}}、ネットワーク {{place}}）。お心当たりがない場合は、すぐにパスワードを変更し、管理者に連絡してください。',
  emailChanged:
    '{{time}} にアカウントのメールアドレスが {{email}} に変更されました（{{device}}、ネットワーク {{place}}）。お心当たりがない場合は、すぐにパスワードを変更し、管理者に連絡してください。',
  twoStepOff:
    '{{time}} にアカウントの2段階ログインが無効になりました（{{device}}、ネットワーク {{place}}）。お心当たりがない場合は、すぐにパスワードを変更し、2段階ログインを再度有効にしてください。',
  unknownDevice: '不明なデバイス',
  unknownPlace: '不明',
  localNetwork: 'ローカルネットワーク',
};
export default notices;
