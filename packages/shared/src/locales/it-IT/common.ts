import type { Messages } from '../types.ts';

const common: Messages['common'] = {
  operationSuccess: 'Operazione completata',
  operationFailed: 'Operazione non riuscita',
  saveSuccess: 'Salvataggio completato',
  saveFailed: 'Salvataggio non riuscito',
  changeSuccess: 'Modifica completata',
  changeFailed: 'Modifica non riuscita',
  deleteSuccess: 'Eliminazione completata',
  deleteFailed: 'Eliminazione non riuscita',
  copySuccess: 'Copia completata',
  copyFailed: 'Copia non riuscita',
  loginExpired: 'Sessione scaduta',
  confirm: 'OK',
  cancel: 'Annulla',
  loading: 'Caricamento…',
  platformTitle: "Piattaforma cloud per l'energia intelligente",
  getCode: 'Ottieni codice',
  resendIn: 'Invia di nuovo tra {{seconds}} s',
  codeCooldown: 'Un codice è appena stato inviato. Potrai richiederne un altro tra {{seconds}} s.',
  unproven: 'Non verificato',
  unprovenHint: 'Non ancora verificato con un codice: non si può usare per accedere.',
  transport: {
    network: 'Errore di rete, controlla la connessione di rete',
    aborted: 'Richiesta interrotta',
    timeout: 'Tempo di attesa della richiesta scaduto, riprova più tardi',
    status: 'Richiesta non riuscita con codice di stato {{status}}',
    canceled: 'Richiesta annullata',
  },
};
export default common;
