import type { Messages } from '../types.ts';

const energy: Messages['energy'] = {
  priceType: {
    sharp: 'Spitzentarif',
    peak: 'Hochtarif',
    flat: 'Normaltarif',
    valley: 'Niedertarif',
    deepValley: 'Tiefsttarif',
    noprice: 'Kein Preis',
    total: 'Gesamt',
  },
  weekday: {
    1: 'Montag',
    2: 'Dienstag',
    3: 'Mittwoch',
    4: 'Donnerstag',
    5: 'Freitag',
    6: 'Samstag',
    7: 'Sonntag',
  },
  month: {
    1: 'Januar',
    2: 'Februar',
    3: 'März',
    4: 'April',
    5: 'Mai',
    6: 'Juni',
    7: 'Juli',
    8: 'August',
    9: 'September',
    10: 'Oktober',
    11: 'November',
    12: 'Dezember',
  },
};
export default energy;
