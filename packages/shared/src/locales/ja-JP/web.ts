import type { Messages } from '../types.ts';

const web: Messages['web'] = {
  app: {
    routeErrorTitle: 'ページを読み込めませんでした',
    routeErrorDescription:
      '通信が不安定か、プラットフォームが更新された直後の可能性があります。ページを再読み込みしてください。',
    reload: '再読み込み',
  },
  brand: {
    tagline: '蓄電・マイクログリッド・省エネ管理への統合窓口',
  },
  language: {
    label: '表示言語',
  },
  theme: {
    switchToLight: 'ライトテーマに切り替え',
    switchToDark: 'ダークテーマに切り替え',
  },
  login: {
    heading: 'おかえりなさい',
    subheading: 'ログインすると、所属企業が契約しているエネルギー管理製品をご利用いただけます',
    methods: 'ログイン方法',
    tabPhone: '電話番号',
    tabEmail: 'メール',
    tabAccount: 'アカウント',
    phone: '電話番号',
    phonePlaceholder: '電話番号を入力してください',
    email: 'メールアドレス',
    emailPlaceholder: 'メールアドレスを入力してください',
    account: 'アカウント',
    accountPlaceholder: 'アカウントを入力してください',
    password: 'パスワード',
    passwordPlaceholder: 'パスワードを入力してください',
    submit: 'ログイン',
    forgotPassword: 'パスワードをお忘れですか？',
    entering: 'ポータルを開いています…',
    heroHeadline: '1 キロワット時を、もっと賢く',
    heroDescription:
      'ひとつのアカウントで蓄電所・マイクログリッド・省エネツールにつながり、エネルギー資産の稼働状況をいつでも把握できます。',
    heroStorage: '蓄電所の監視と運用制御',
    heroMicrogrid: 'マイクログリッドのエネルギー管理',
    heroEfficiency: 'エネルギー使用の分析と効率の最適化',
  },
  layout: {
    navigation: 'メインナビゲーション',
    products: 'マイ製品',
    personal: '個人設定',
    logout: 'ログアウト',
    company: '現在の企業',
    companySwitched: '{{name}} に切り替えました',
    collapseSidebar: 'サイドバーを折りたたむ',
    expandSidebar: 'サイドバーを展開する',
    userMenu: 'ユーザーメニュー',
    language: '表示言語',
    lightTheme: 'ライトテーマ',
    darkTheme: 'ダークテーマ',
    roleAdmin: '管理者',
    roleMember: 'メンバー',
  },
  home: {
    greeting: 'こんにちは、{{name}} さん',
    subtitle: '{{company}} では次の製品をご利用いただけます。カードを選択して開いてください。',
    productsLabel: '利用可能な製品',
    noProducts: '所属企業にはまだ製品がありません。企業の管理者にお問い合わせください。',
    noCompany: 'まだどの企業にも所属していません。企業の管理者に招待を依頼してください。',
    open: '開く',
  },
  notFound: {
    title: 'ページが見つかりません',
    description: 'お探しのページは存在しないか、削除されました。',
    goHome: 'ホームに戻る',
  },
  noAuth: {
    title: 'アクセス権限がありません',
    description: 'このページを表示する権限がありません。企業の管理者にお問い合わせください。',
    backToLogin: 'ログインに戻る',
  },
  registerInvalidity: {
    title: 'この招待リンクは無効です',
    description: 'リンクは使用済み、期限切れ、または取り消されています。管理者に新しい招待を依頼してください。',
    countdown: '{{seconds}} 秒後にログインページへ移動します',
    goLogin: '今すぐログイン',
  },
  pending: {
    notice: 'この機能はまだご利用いただけません。',
    backToLogin: 'ログインに戻る',
    backToHome: 'ホームに戻る',
  },
  verifyPhone: {
    title: '電話番号の認証',
    description: '国のサイバーセキュリティ規定により、プラットフォームのご利用前に電話番号の認証が必要です。',
  },
  registerCommon: {
    adminTitle: '企業管理者の登録',
    ordinaryTitle: '企業メンバーの登録',
    description: '管理者から届いた招待リンクで企業に参加します。',
  },
  registerOwner: {
    title: 'オーナー企業の登録',
    description: '招待リンクからオーナー企業を登録し、招待元の企業と関連付けます。',
  },
  forgetPassword: {
    title: 'パスワードの再設定',
    description: '登録済みの電話番号またはメールアドレスで本人確認を行い、新しいパスワードを設定します。',
  },
  personal: {
    title: '個人設定',
    description: '氏名・電話番号・メールアドレス・パスワードの変更や、電話番号・メールアドレスの登録ができます。',
  },
};
export default web;
