import type { Messages } from '../types.ts';

/** The sites shared between companies: kinds, capabilities, role templates and grant statuses. */
const sites: Messages['sites'] = {
  tab: 'Siti',
  sharedTab: 'Condivisi con noi',
  kinds: {
    pv: 'Impianto fotovoltaico',
    storage: 'Sistema di accumulo',
    microgrid: 'Microrete',
    ev_charging: 'Ricarica veicoli elettrici',
    ci: 'Sito commerciale e industriale',
    other: 'Altro',
  },
  capabilities: {
    view: 'Vedere',
    operate: 'Operare',
    configure: 'Configurare',
    finance: 'Finanza',
    audit: 'Revisione',
    share: 'Condividere',
  },
  templates: {
    owner: 'Proprietario',
    investor: 'Investitore',
    installer: 'EPC / installatore',
    technician: 'Tecnico O&M',
    operator: 'Gestore',
    auditor: 'Revisore',
  },
  templateHints: {
    owner: 'Tutto sul sito.',
    investor: 'Sola lettura, più finanza.',
    installer: 'Vedere, operare e configurare.',
    technician: 'Vedere e operare.',
    operator: 'Vedere e operare.',
    auditor: 'Sola lettura, più revisione.',
  },
  statuses: {
    active: 'Attiva',
    pending: 'Non iniziata',
    expired: 'Scaduta',
    revoked: 'Revocata',
    ended: 'Terminata a monte',
    retired: 'Sito dismesso',
  },
};
export default sites;
