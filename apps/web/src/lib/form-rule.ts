import type { FormRule } from 'antd';
import type { FieldCheck } from '@portal/shared/validation/field-checks';
import { translateKey } from './i18n';

/** The part of a zod schema a form needs; keeps zod itself out of the web app's dependencies. */
interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/** An antd form rule that shows the message key of the value's first problem in the current language. */
function ruleOf(firstProblem: (value: unknown) => string | undefined): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const key = firstProblem(value ?? '');
      if (key) throw new Error(translateKey(key));
    },
  };
}

/**
 * Turns a shared rule into an antd form rule, so the form checks exactly what the server checks
 * and shows the rule's message key in the current language.
 */
export function schemaRule(schema: Schema): FormRule {
  return ruleOf((value) => {
    const result = schema.safeParse(value);
    return result.success ? undefined : (result.error.issues[0]?.message ?? 'validation.invalidValue');
  });
}

/**
 * The same for a shared rule that is a plain check: the sign-in screen's fields use these, which
 * the server's schemas are built on, so that the first screen does not download zod.
 */
export function checkRule(check: FieldCheck): FormRule {
  return ruleOf((value) => check(typeof value === 'string' ? value : ''));
}
