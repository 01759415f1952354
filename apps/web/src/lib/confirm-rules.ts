import type { FormRule } from 'antd';

/**
 * A confirmation field's rules (确认密码, 确认口令): given, and equal to the field it repeats.
 * Its Form.Item also names that field in `dependencies`, so it is checked again when it changes.
 */
export const confirmRules = (field: string, empty: string, mismatch: string): FormRule[] => [
  { required: true, message: empty },
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(field)) throw new Error(mismatch);
    },
  }),
];
