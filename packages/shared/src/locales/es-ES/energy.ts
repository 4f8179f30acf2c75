import type { Messages } from '../types.ts';

const energy: Messages['energy'] = {
  priceType: {
    sharp: 'Superpunta',
    peak: 'Punta',
    flat: 'Llano',
    valley: 'Valle',
    deepValley: 'Supervalle',
    noprice: 'Sin precio',
    total: 'Total',
  },
  weekday: {
    1: 'Lunes',
    2: 'Martes',
    3: 'Miércoles',
    4: 'Jueves',
    5: 'Viernes',
    6: 'Sábado',
    7: 'Domingo',
  },
  month: {
    1: 'Enero',
    2: 'Febrero',
    3: 'Marzo',
    4: 'Abril',
    5: 'Mayo',
    6: 'Junio',
    7: 'Julio',
    8: 'Agosto',
    9: 'Septiembre',
    10: 'Octubre',
    11: 'Noviembre',
    12: 'Diciembre',
  },
};
export default energy;
