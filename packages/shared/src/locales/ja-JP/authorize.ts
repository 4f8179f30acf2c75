import type { Messages } from '../types.ts';

const authorize: Messages['authorize'] = {
  company: {
    title: '企業を選択',
    description: '{{product}}をどの企業として開くかを選択してください。',
    label: '所属企業',
    noAccess: '{{product}}を利用できません',
    continue: '続行',
    cancel: 'キャンセルして戻る',
  },
  consent: {
    title: '「{{client}}」がアカウントへのアクセスを求めています',
    description:
      'プラットフォーム自身の製品ではない、{{product}}向けのサードパーティ製アプリケーションが、ポータル経由でログインしようとしています。許可すると、次のことができます：',
    company: '企業',
    noCompany: '企業なし',
    scopes: {
      openid: 'あなたの本人確認',
      profile: '名前と言語の参照',
      email: 'メールアドレスの参照',
      phone: '電話番号の参照',
      company: '選択した企業とその中でのロールの参照',
      offlineAccess: '不在中もログイン状態を維持',
      product: 'あなたに代わって{{product}}のAPIを利用',
    },
    allow: '許可',
    deny: '拒否',
  },
  denied: {
    title: '{{product}}にアクセスできません',
    description:
      '{{company}}は{{product}}を利用できません。企業の管理者に利用を依頼するか、別の企業を選択してください。',
    noCompany: 'あなたのアカウントは{{product}}を利用できる企業に所属していません。企業の管理者に依頼してください。',
    back: '{{product}}に戻る',
    otherCompany: '別の企業を選択',
    otherAccount: '別のアカウントでログイン',
  },
  reauthenticate: {
    description:
      '{{product}}を続ける前に、ご本人であることを確認してください。ポータルへのログインはそのまま維持されます。',
    secondFactor:
      '{{product}}は2段階の確認を求めています。パスワードを入力してから、認証アプリのコードを入力してください。',
    passkeyBothSteps: 'パスキーを使うこともできます。パスキーなら1回で両方の手順を満たします。',
    noSecondFactor:
      '{{product}}は2段階の確認を求めていますが、お使いのアカウントには1つの方法しかありません。個人センターで2段階ログインを有効にするか、パスキーを追加してから、もう一度お試しください。',
    openPersonal: '個人センターを開く',
    cancel: 'キャンセルして戻る',
  },
  expired: {
    title: 'このログイン要求は期限切れです',
    description: '要求はすでに無効か、完了しています。製品に戻って、もう一度ログインしてください。',
    home: 'ホームに戻る',
    signIn: 'ログインへ',
  },
  failed: {
    title: 'ログインを続行できませんでした',
    description: '接続を確認して、もう一度お試しください。',
    retry: '再試行',
  },
};
export default authorize;
