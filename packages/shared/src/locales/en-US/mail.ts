import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '[Smart Energy Cloud Platform] Verification code',
  codeText: 'Your verification code is {{code}}. It is valid for {{minutes}} minutes. Do not share it with anyone.',
  webhookDisabledSubject: '[Smart Energy Cloud Platform] Webhook turned off',
  webhookDisabledText:
    'The webhook {{url}} of a company you administer has failed every delivery since {{since}} and was turned off on {{time}}: it receives no more events. Once the receiver works again, turn it back on under "Webhooks" in the settings center; the events it missed can be sent again from its deliveries.',
};
export default mail;
