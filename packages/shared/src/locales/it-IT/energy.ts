import type { Messages } from '../types.ts';

const energy: Messages['energy'] = {
  priceType: {
    sharp: 'Superpicco',
    peak: 'Picco',
    flat: 'Intermedia',
    valley: 'Valle',
    deepValley: 'Valle profonda',
    noprice: 'Senza prezzo',
    total: 'Totale',
  },
  weekday: {
    1: 'Lunedì',
    2: 'Martedì',
    3: 'Mercoledì',
    4: 'Giovedì',
    5: 'Venerdì',
    6: 'Sabato',
    7: 'Domenica',
  },
  month: {
    1: 'Gennaio',
    2: 'Febbraio',
    3: 'Marzo',
    4: 'Aprile',
    5: 'Maggio',
    6: 'Giugno',
    7: 'Luglio',
    8: 'Agosto',
    9: 'Settembre',
    10: 'Ottobre',
    11: 'Novembre',
    12: 'Dicembre',
  },
};
export default energy;
