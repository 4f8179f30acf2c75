import type { Messages } from '../types.ts';

/** The sites shared between companies: kinds, capabilities, role templates and grant statuses. */
const sites: Messages['sites'] = {
  tab: 'Emplazamientos',
  sharedTab: 'Compartido con nosotros',
  kinds: {
    pv: 'Planta fotovoltaica',
    storage: 'Sistema de almacenamiento',
    microgrid: 'Microrred',
    ev_charging: 'Recarga de vehículos eléctricos',
    ci: 'Emplazamiento comercial e industrial',
    other: 'Otro',
  },
  capabilities: {
    view: 'Ver',
    operate: 'Operar',
    configure: 'Configurar',
    finance: 'Finanzas',
    audit: 'Auditoría',
    share: 'Compartir',
  },
  templates: {
    owner: 'Propietario',
    investor: 'Inversor',
    installer: 'EPC / instalador',
    technician: 'Técnico de O&M',
    operator: 'Operador',
    auditor: 'Auditor',
  },
  templateHints: {
    owner: 'Todo en el emplazamiento.',
    investor: 'Solo lectura, más finanzas.',
    installer: 'Ver, operar y configurar.',
    technician: 'Ver y operar.',
    operator: 'Ver y operar.',
    auditor: 'Solo lectura, más auditoría.',
  },
  statuses: {
    active: 'Activa',
    pending: 'Sin empezar',
    expired: 'Vencida',
    revoked: 'Revocada',
    ended: 'Terminada arriba',
    retired: 'Emplazamiento retirado',
  },
};
export default sites;
