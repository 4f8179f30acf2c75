import type { Messages } from '../types.ts';

const common: Messages['common'] = {
  operationSuccess: '操作が完了しました',
  operationFailed: '操作に失敗しました',
  saveSuccess: '保存しました',
  saveFailed: '保存に失敗しました',
  changeSuccess: '変更しました',
  changeFailed: '変更に失敗しました',
  deleteSuccess: '削除しました',
  deleteFailed: '削除に失敗しました',
  copySuccess: 'コピーしました',
  copyFailed: 'コピーに失敗しました',
  loginExpired: 'ログインの有効期限が切れました',
  confirm: '確定',
  cancel: 'キャンセル',
  loading: '読み込み中…',
  platformTitle: 'スマートエネルギークラウドプラットフォーム',
  getCode: '認証コードを取得',
  resendIn: '{{seconds}} 秒後に再取得',
  codeCooldown: 'コードを送信したばかりです。{{seconds}} 秒後に再度取得できます。',
  codeLimited: 'コードのリクエストが多すぎます。{{wait}}後にもう一度お試しください。',
  signInWait: '試行回数が多すぎます。{{wait}}後にもう一度お試しください。',
  duration: {
    seconds_other: '{{count}} 秒',
    minutes_other: '{{count}} 分',
    hours_other: '{{count}} 時間',
  },
  unproven: '未認証',
  unprovenHint: 'まだ認証コードで認証されていないため、ログインには使えません。',
  transport: {
    network: 'ネットワークエラーです。ネットワーク接続を確認してください',
    aborted: 'リクエストが中断されました',
    timeout: 'リクエストがタイムアウトしました。しばらくしてから再度お試しください',
    status: 'リクエストに失敗しました（ステータスコード {{status}}）',
    canceled: 'リクエストがキャンセルされました',
  },
};
export default common;
