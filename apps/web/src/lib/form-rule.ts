import type { FormRule } from 'antd';
import { translateKey } from './i18n';

/** The part of a zod schema a form needs; keeps zod itself out of the web app's dependencies. */
interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * Turns a shared rule into an antd form rule, so the form checks exactly what the server checks
 * and shows the rule's message key in the current language.
 */
export function schemaRule(schema: Schema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) {
        const key = result.error.issues[0]?.message ?? 'validation.invalidValue';
        throw new Error(translateKey(key));
      }
    },
  };
}
