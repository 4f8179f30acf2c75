import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '[Smart Energy Cloud Platform] Verification code',
  codeText: 'Your verification code is {{code}}. It is valid for {{minutes}} minutes. Do not share it with anyone.',
};
export default mail;
