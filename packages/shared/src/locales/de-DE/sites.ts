import type { Messages } from '../types.ts';

/** The sites shared between companies: kinds, capabilities, role templates and grant statuses. */
const sites: Messages['sites'] = {
  tab: 'Standorte',
  sharedTab: 'Mit uns geteilt',
  kinds: {
    pv: 'PV-Anlage',
    storage: 'Speichersystem',
    microgrid: 'Mikronetz',
    ev_charging: 'E-Ladestation',
    ci: 'Gewerbe- und Industriestandort',
    other: 'Sonstiges',
  },
  capabilities: {
    view: 'Ansehen',
    operate: 'Bedienen',
    configure: 'Konfigurieren',
    finance: 'Finanzen',
    audit: 'Prüfung',
    share: 'Teilen',
  },
  templates: {
    owner: 'Eigentümer',
    investor: 'Investor',
    installer: 'EPC / Installateur',
    technician: 'Wartungstechniker',
    operator: 'Betreiber',
    auditor: 'Prüfer',
  },
  templateHints: {
    owner: 'Alles am Standort.',
    investor: 'Nur lesen, dazu Finanzen.',
    installer: 'Ansehen, bedienen und konfigurieren.',
    technician: 'Ansehen und bedienen.',
    operator: 'Ansehen und bedienen.',
    auditor: 'Nur lesen, dazu Prüfung.',
  },
  statuses: {
    active: 'Aktiv',
    pending: 'Noch nicht begonnen',
    expired: 'Abgelaufen',
    revoked: 'Widerrufen',
    ended: 'Darüber beendet',
    retired: 'Standort stillgelegt',
  },
};
export default sites;
