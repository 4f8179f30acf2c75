import type { Messages } from '../types.ts';

const products: Messages['products'] = {
  esguard: {
    name: 'Gestor de Almacenamiento de Energía',
    description: 'Supervisión, despacho y mantenimiento de centrales de almacenamiento',
  },
  mgguard: { name: 'Gestor de Microrredes', description: 'Supervisión operativa y gestión energética de microrredes' },
  seop: {
    name: 'Optimización Energética',
    description: 'Análisis del consumo y recomendaciones de eficiencia energética',
  },
  'saas-dragon-boat': {
    name: 'Barco Dragón',
    description: 'Plataforma de operación colaborativa de activos energéticos',
  },
  settcntr: {
    name: 'Centro de Configuración',
    description: 'Miembros, departamentos, enlaces de invitación, imagen de marca, seguridad e integraciones',
  },
  'saas-es-actuary': {
    name: 'Actuario de Almacenamiento',
    description: 'Estimación de ingresos y comparación de escenarios para proyectos de almacenamiento',
  },
  esark: {
    name: 'Arca',
    description: 'Conexión centralizada de equipos y plataforma de datos para el almacenamiento de energía',
  },
};
export default products;
