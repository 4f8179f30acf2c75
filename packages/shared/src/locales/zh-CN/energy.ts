/** Labels of the shared energy entities (docs/portal-and-products.md#shared-energy-entities). */
export default {
  priceType: {
    sharp: '尖',
    peak: '峰',
    flat: '平',
    valley: '谷',
    deepValley: '深谷',
    noprice: '无电价',
    total: '总计',
  },
  weekday: { 1: '星期一', 2: '星期二', 3: '星期三', 4: '星期四', 5: '星期五', 6: '星期六', 7: '星期日' },
  month: {
    1: '一月',
    2: '二月',
    3: '三月',
    4: '四月',
    5: '五月',
    6: '六月',
    7: '七月',
    8: '八月',
    9: '九月',
    10: '十月',
    11: '十一月',
    12: '十二月',
  },
};
