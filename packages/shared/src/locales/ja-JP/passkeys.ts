import type { Messages } from '../types.ts';

/** Texts of passkeys: the personal centre's card and the sign-in page's button. */
const passkeys: Messages['passkeys'] = {
  title: 'パスキー',
  description:
    'パスワードの代わりに指紋、顔認証、画面ロックでログインできます。パスキーはお使いのデバイスやパスワードマネージャーに保存されます。',
  add: 'パスキーを追加',
  addTitle: 'パスキーを追加',
  addHint: '「続行」を押した後、ブラウザーやデバイスの案内に従ってパスキーを作成してください。',
  name: '名前',
  namePlaceholder: '例：自分のノートパソコン（省略可）',
  continue: '続行',
  added: 'パスキーを追加しました',
  empty: 'パスキーはまだありません',
  unnamed: '名前のないパスキー',
  createdAt: '{{time}} に追加',
  lastUsedAt: '最終使用 {{time}}',
  neverUsed: '未使用',
  synced: '同期済み',
  rename: '名前を変更',
  renameTitle: 'パスキーの名前を変更',
  renamed: '名前を変更しました',
  remove: '削除',
  removeTitle: 'パスキー「{{name}}」を削除しますか？',
  removeContent:
    '削除するとこのパスキーではログインできなくなります。デバイスやパスワードマネージャー側からも削除できます。',
  removed: 'パスキーを削除しました',
  unsupported: 'このブラウザーはパスキーに対応していません。最新の Chrome、Edge、Safari、Firefox をご利用ください。',
  cancelled: 'キャンセルされたか、時間切れになりました',
  count_other: '{{count}} 個のパスキー',
  recentTitle: '最近追加されたパスキーも削除しますか？',
  recentContent:
    '以下のパスキーは過去 7 日以内に追加されました。心当たりがない場合は削除してください。削除しないと、引き続きアカウントにログインできます。',
  recentRemove: '削除する',
  recentKeep: '残す',
  recentRemoved: '最近追加されたパスキーを削除しました',
};
export default passkeys;
