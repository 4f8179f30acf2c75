import type { Messages } from '../types.ts';

const products: Messages['products'] = {
  esguard: {
    name: 'Energiespeicher-Manager',
    description: 'Überwachung, Einsatzplanung und Wartung von Energiespeicheranlagen',
  },
  mgguard: { name: 'Microgrid-Manager', description: 'Betriebsüberwachung und Energiemanagement von Microgrids' },
  seop: {
    name: 'Energieeffizienz-Optimierung',
    description: 'Verbrauchsanalyse und Empfehlungen zur Energieeffizienz',
  },
  'saas-dragon-boat': { name: 'Drachenboot', description: 'Plattform für den gemeinsamen Betrieb von Energieanlagen' },
  settcntr: {
    name: 'Einstellungszentrale',
    description: 'Mitglieder, Abteilungen, Einladungslinks, Unternehmensbranding, Sicherheit und Integrationen',
  },
  'saas-es-actuary': {
    name: 'Speicher-Aktuar',
    description: 'Ertragsberechnung und Szenarienvergleich für Speicherprojekte',
  },
  esark: { name: 'Arche', description: 'Zentrale Geräteanbindung und Datenplattform für Energiespeicher' },
};
export default products;
