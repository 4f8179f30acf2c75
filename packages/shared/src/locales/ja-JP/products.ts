import type { Messages } from '../types.ts';

const products: Messages['products'] = {
  esguard: { name: '蓄電マネージャー', description: '蓄電所の監視、運用制御、保守' },
  mgguard: { name: 'マイクログリッドマネージャー', description: 'マイクログリッドの運転監視とエネルギー管理' },
  seop: { name: 'エネルギー効率最適化', description: 'エネルギー使用状況の分析と省エネ改善の提案' },
  'saas-dragon-boat': { name: 'ドラゴンボート', description: 'エネルギー資産の協調運用プラットフォーム' },
  settcntr: { name: '設定センター', description: 'メンバー、部署、招待リンク、企業ブランディング、セキュリティ、連携' },
  'saas-es-actuary': { name: '蓄電アクチュアリー', description: '蓄電プロジェクトの収益試算とシナリオ比較' },
  esark: { name: 'アーク', description: '蓄電設備の集中接続とデータ基盤' },
};
export default products;
