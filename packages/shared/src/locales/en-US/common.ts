import type { Messages } from '../types.ts';

const common: Messages['common'] = {
  operationSuccess: 'Operation successful',
  operationFailed: 'Operation failed',
  saveSuccess: 'Saved successfully',
  saveFailed: 'Save failed',
  changeSuccess: 'Changed successfully',
  changeFailed: 'Change failed',
  deleteSuccess: 'Deleted successfully',
  deleteFailed: 'Delete failed',
  copySuccess: 'Copied successfully',
  copyFailed: 'Copy failed',
  loginExpired: 'Login Expired',
  confirm: 'OK',
  cancel: 'Cancel',
  loading: 'Loading…',
  platformTitle: 'Smart Energy Cloud Platform',
  getCode: 'Get code',
  resendIn: 'Resend in {{seconds}} s',
  codeCooldown: 'A code was sent just now. You can ask for another in {{seconds}} s.',
  unproven: 'Not verified',
  unprovenHint: 'Not verified by a code yet: it cannot be used to sign in.',
  transport: {
    network: 'Network Error',
    aborted: 'Request aborted',
    timeout: 'timeout exceeded',
    status: 'Request failed with status code {{status}}',
    canceled: 'Request canceled',
  },
};
export default common;
