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
  supportRequestedSubject: "[Smart Energy Cloud Platform] The platform's support asks to enter your company",
  supportRequestedText:
    '{{requester}} of the platform\'s support asks to enter {{company}} for {{hours}} h ({{sites}}), because: {{reason}}. Approve or refuse it under "Security" › "Support access" in the settings center; the request expires on {{until}}.',
  supportApprovedSubject: '[Smart Energy Cloud Platform] Your support request was approved',
  supportApprovedText: "{{company}} let the platform's support in until {{until}}. Enter it from the launcher.",
  supportRefusedSubject: '[Smart Energy Cloud Platform] Your support request was refused',
  supportRefusedText: "{{company}} refused your request to enter it as the platform's support.",
  supportExpiredSubject: '[Smart Energy Cloud Platform] Your support request expired',
  supportExpiredText:
    '{{company}} did not decide your support request within a day, so it expired. You may ask again when needed.',
  supportAllSites: 'all sites',
  accessRequestedSubject: '[Smart Energy Cloud Platform] Someone asks for access to your site',
  accessRequestedText:
    '{{requester}} of {{company}} asks for the site "{{site}}" as "{{template}}" for {{hours}} h, because: {{reason}}. Approve or refuse it under "Sites" in the settings center; the request expires on {{until}}.',
  accessApprovedSubject: '[Smart Energy Cloud Platform] Your request for a site was approved',
  accessApprovedText: '{{owner}} approved your access to the site "{{site}}" as "{{template}}" until {{until}}.',
  accessRefusedSubject: '[Smart Energy Cloud Platform] Your request for a site was refused',
  accessRefusedText: '{{owner}} refused your request for the site "{{site}}".',
  accessExpiredSubject: '[Smart Energy Cloud Platform] Your request for a site expired',
  accessExpiredText:
    '{{owner}} did not decide on your request for the site "{{site}}" within a day, so it expired. You can ask again when you need to.',
  open: 'no end date',
};
export default mail;
