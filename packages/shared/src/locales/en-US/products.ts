import type { Messages } from '../types.ts';

const products: Messages['products'] = {
  esguard: { name: 'Energy Storage Manager', description: 'Monitoring, dispatch and maintenance of storage plants' },
  mgguard: { name: 'Microgrid Manager', description: 'Operation monitoring and energy management of microgrids' },
  seop: { name: 'Energy Optimization', description: 'Consumption analysis and efficiency recommendations' },
  'saas-dragon-boat': { name: 'Dragon Boat', description: 'Collaborative operation of energy assets' },
  settcntr: {
    name: 'Settings Center',
    description: 'Members, departments, invitation links, branding, security and integrations',
  },
  'saas-es-actuary': {
    name: 'ES Actuary',
    description: 'Revenue estimates and scenario comparison for storage projects',
  },
  esark: { name: 'Ark', description: 'Device access and data hub for energy storage' },
};
export default products;
