import { Form } from 'antd';
import type { z } from 'zod';
import { parseForm, showServerFieldErrors } from '@/lib/form-errors';
import { useFeedback } from '@/lib/feedback';

/**
 * The form of an add or edit dialog, and its save step: `save` checks the values with the
 * contract schema, sends them, says `success` and closes; a refusal (a broken rule, a name
 * already taken) is painted beside its field, the first such field brought into view with the
 * cursor in it, and the dialog stays open.
 */
export function useModalForm<V extends object>(onClose: () => void) {
  const { message } = useFeedback();
  const [form] = Form.useForm<V>();

  const save = async <S extends z.ZodType>(
    schema: S,
    values: object,
    send: (input: z.output<S>) => Promise<unknown>,
    success: string,
  ) => {
    const input = parseForm(form, schema, values);
    if (!input) return;
    try {
      await send(input);
      message.success(success);
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };

  return { form, save };
}
