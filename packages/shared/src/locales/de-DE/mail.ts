import type { Messages } from '../types.ts';

const mail: Messages['mail'] = {
  codeSubject: '[Smart-Energy-Cloud-Plattform] Bestätigungscode',
  codeText:
    'Ihr Bestätigungscode lautet {{code}}. Er ist {{minutes}} Minuten gültig. Geben Sie ihn an niemanden weiter.',
};
export default mail;
