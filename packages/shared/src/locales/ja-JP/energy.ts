import type { Messages } from '../types.ts';

const energy: Messages['energy'] = {
  priceType: {
    sharp: 'スーパーピーク',
    peak: 'ピーク',
    flat: '通常',
    valley: 'オフピーク',
    deepValley: 'スーパーオフピーク',
    noprice: '料金なし',
    total: '合計',
  },
  weekday: {
    1: '月曜日',
    2: '火曜日',
    3: '水曜日',
    4: '木曜日',
    5: '金曜日',
    6: '土曜日',
    7: '日曜日',
  },
  month: {
    1: '1月',
    2: '2月',
    3: '3月',
    4: '4月',
    5: '5月',
    6: '6月',
    7: '7月',
    8: '8月',
    9: '9月',
    10: '10月',
    11: '11月',
    12: '12月',
  },
};
export default energy;
