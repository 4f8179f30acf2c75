import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '[Smart Energy Cloud Platform] Verification code',
  codeText: 'Your verification code is {{code}}. It is valid for {{minutes}} minutes. Do not share it with anyone.',
  webhookDisabledSubject: '[Smart Energy Cloud Platform] Webhook turned off',
  webhookDisabledText:
    'The webhook {{url}} of a company you administer has failed every delivery since {{since}} and was turned off on {{time}}: it receives no more events. Once the receiver works again, turn it back on under "Webhooks" in the settings center; the events it missed can be sent again from its deliveries.',
  siteSharedSubject: '[Smart Energy Cloud Platform] Sites were shared with your company',
  siteSharedText:
    '{{grantor}} shared with a company you administer, as "{{template}}" until {{until}}: {{sites}}. See them under "Shared with us" in the settings center, and assign your people or departments to them.',
  grantEndingSubject: '[Smart Energy Cloud Platform] A site grant ends soon',
  grantEndingText:
    'The grant of the site "{{site}}" from {{grantor}} to {{grantee}} ends on {{until}}. From then on, every access through it, and through anything shared on from it, ends. To keep it, ask the company that shared it.',
  open: 'no end date',
};
export default mail;
