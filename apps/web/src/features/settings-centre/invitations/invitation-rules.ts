import type { FormRule } from 'antd';
import { INVITATION_MAX_USES } from '@portal/shared/api/registration';
import { INVITATION_MAX_HOURS } from '@portal/shared/constants';
import { i18n } from '../../../lib/i18n';

/** A whole number from `min` to `max`, with the settings centre's own message for anything else. */
function wholeNumberRule(
  min: number,
  max: number,
  requiredKey: 'expiryRequired' | 'maxUsesRequired',
  rangeKey: 'expiryRange' | 'maxUsesRange',
): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === null || value === undefined || value === '') {
        throw new Error(i18n.t(`settings.invitations.${requiredKey}`));
      }
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || n > max) {
        throw new Error(i18n.t(`settings.invitations.${rangeKey}`, { min, max }));
      }
    },
  };
}

/** The limits on a link (docs/settings-centre.md#invitation-links): valid at most 7 days, let in at most
 *  INVITATION_MAX_USES people. */
export const expiryRule = wholeNumberRule(1, INVITATION_MAX_HOURS, 'expiryRequired', 'expiryRange');
export const maxUsesRule = wholeNumberRule(1, INVITATION_MAX_USES, 'maxUsesRequired', 'maxUsesRange');
