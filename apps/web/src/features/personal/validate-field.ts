import type { FormInstance } from 'antd';

/** Whether one field passes its rules (its message shows if not); used before sending a code to it. */
export async function fieldIsValid<Values>(form: FormInstance<Values>, field: keyof Values & string): Promise<boolean> {
  try {
    await form.validateFields([field as never]);
    return true;
  } catch {
    return false;
  }
}
