import type { Messages } from '../types.ts';

const energy: Messages['energy'] = {
  priceType: {
    sharp: 'Sharp',
    peak: 'Peak',
    flat: 'Flat',
    valley: 'Valley',
    deepValley: 'Deep valley',
    noprice: 'No price',
    total: 'Total',
  },
  weekday: { 1: 'Monday', 2: 'Tuesday', 3: 'Wednesday', 4: 'Thursday', 5: 'Friday', 6: 'Saturday', 7: 'Sunday' },
  month: {
    1: 'January',
    2: 'February',
    3: 'March',
    4: 'April',
    5: 'May',
    6: 'June',
    7: 'July',
    8: 'August',
    9: 'September',
    10: 'October',
    11: 'November',
    12: 'December',
  },
};
export default energy;
