import type { Messages } from '../types.ts';

/** The sites shared between companies: kinds, capabilities, role templates and grant statuses. */
const sites: Messages['sites'] = {
  tab: 'サイト',
  sharedTab: '共有されたサイト',
  kinds: {
    pv: '太陽光発電所',
    storage: '蓄電システム',
    microgrid: 'マイクログリッド',
    ev_charging: 'EV 充電',
    ci: '商業・産業施設',
    other: 'その他',
  },
  capabilities: {
    view: '閲覧',
    operate: '運転操作',
    configure: '設定',
    finance: '財務',
    audit: '監査',
    share: '共有',
  },
  templates: {
    owner: '所有者',
    investor: '投資家',
    installer: 'EPC / 施工業者',
    technician: 'O&M 技術者',
    operator: '運用者',
    auditor: '監査人',
  },
  templateHints: {
    owner: 'サイトのすべての権限。',
    investor: '閲覧のみ、および財務。',
    installer: '閲覧、運転操作、設定。',
    technician: '閲覧と運転操作。',
    operator: '閲覧と運転操作。',
    auditor: '閲覧のみ、および監査。',
  },
  statuses: {
    active: '有効',
    pending: '開始前',
    expired: '期限切れ',
    revoked: '取り消し済み',
    ended: '上位の付与が終了',
    retired: 'サイト廃止',
  },
};
export default sites;
