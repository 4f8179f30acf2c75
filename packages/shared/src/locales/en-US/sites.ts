import type { Messages } from '../types.ts';

/** The sites shared between companies: kinds, capabilities, role templates and grant statuses. */
const sites: Messages['sites'] = {
  tab: 'Sites',
  sharedTab: 'Shared with us',
  kinds: {
    pv: 'PV plant',
    storage: 'Storage system',
    microgrid: 'Microgrid',
    ev_charging: 'EV charging',
    ci: 'C&I site',
    other: 'Other',
  },
  capabilities: {
    view: 'View',
    operate: 'Operate',
    configure: 'Configure',
    finance: 'Finance',
    audit: 'Audit',
    share: 'Share',
  },
  templates: {
    owner: 'Owner',
    investor: 'Investor',
    installer: 'EPC / installer',
    technician: 'O&M technician',
    operator: 'Operator',
    auditor: 'Auditor',
  },
  templateHints: {
    owner: 'Everything on the site.',
    investor: 'Read-only, plus finance.',
    installer: 'View, operate and configure.',
    technician: 'View and operate.',
    operator: 'View and operate.',
    auditor: 'Read-only, plus audit.',
  },
  statuses: {
    active: 'Active',
    pending: 'Not started',
    expired: 'Expired',
    revoked: 'Revoked',
    ended: 'Ended above',
    retired: 'Site retired',
  },
};
export default sites;
