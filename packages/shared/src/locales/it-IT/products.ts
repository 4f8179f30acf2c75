import type { Messages } from '../types.ts';

const products: Messages['products'] = {
  esguard: {
    name: "Gestore dell'Accumulo Energetico",
    description: 'Monitoraggio, dispacciamento e manutenzione degli impianti di accumulo',
  },
  mgguard: {
    name: 'Gestore di Microreti',
    description: 'Monitoraggio operativo e gestione energetica delle microreti',
  },
  seop: {
    name: 'Ottimizzazione Energetica',
    description: "Analisi dei consumi e suggerimenti per l'efficienza energetica",
  },
  'saas-dragon-boat': {
    name: 'Barca del Drago',
    description: 'Piattaforma per la gestione collaborativa degli asset energetici',
  },
  settcntr: {
    name: 'Centro Impostazioni',
    description: 'Membri, reparti, link di invito, branding aziendale, sicurezza e integrazioni',
  },
  'saas-es-actuary': {
    name: "Attuario dell'Accumulo",
    description: 'Stima dei ricavi e confronto tra scenari per i progetti di accumulo',
  },
  esark: {
    name: 'Arca',
    description: "Connessione centralizzata dei dispositivi e hub dati per l'accumulo di energia",
  },
};
export default products;
