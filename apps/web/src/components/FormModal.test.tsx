import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { z } from 'zod';
import { ApiError } from '@/lib/request';
import { rulesFrom } from '@/lib/form-errors';
import { useModalForm } from '@/hooks/use-modal-form';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { FormModal } from './FormModal';

const schema = z.object({
  title: z.string({ error: '请输入标题' }).min(1, '请输入标题'),
  contact: z.string().optional(),
  phone: z.string({ error: '请输入电话' }).regex(/^1\d{10}$/, '电话号码格式不正确'),
});
const rules = rulesFrom(schema);

interface Values {
  title?: string;
  contact?: string;
  phone?: string;
}

/** A dialog built as every add/edit dialog is: useModalForm's save inside FormModal. */
function Dialog({ send }: { send: (input: z.output<typeof schema>) => Promise<unknown> }) {
  const { form, save } = useModalForm<Values>(() => {});
  return (
    <FormModal<Values>
      form={form}
      name="sample"
      label="示例"
      title="示例"
      open
      saving={false}
      onSubmit={(values) => save(schema, values, send, '已保存')}
      onClose={() => {}}
    >
      <Form.Item name="title" label="标题" rules={rules.title}>
        <Input />
      </Form.Item>
      <Form.Item name="contact" label="联系人">
        <Input />
      </Form.Item>
      <Form.Item name="phone" label="电话" rules={rules.phone}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}

beforeAll(() => stubBrowserLayout());
afterEach(cleanup);

const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

describe('a form dialog', () => {
  it('puts the cursor in the first field a rule refuses, and sends nothing', async () => {
    const send = vi.fn();
    renderWithApp(<Dialog send={send} />);
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '变压器' } });
    save();
    expect(await screen.findByText('请输入电话')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('电话')));
    expect(send).not.toHaveBeenCalled();
  });

  it("shows a 400's messages at their fields in Chinese and puts the cursor in the first", async () => {
    const send = vi.fn().mockRejectedValue(
      new ApiError(400, '电话号码已被使用；标题已存在', {
        fields: [
          { field: 'phone', message: '电话号码已被使用' },
          { field: 'title', message: '标题已存在' },
        ],
      }),
    );
    renderWithApp(<Dialog send={send} />);
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '变压器' } });
    fireEvent.change(screen.getByLabelText('电话'), { target: { value: '13800000000' } });
    save();
    expect(await screen.findByText('标题已存在')).toBeTruthy();
    expect(screen.getByText('电话号码已被使用')).toBeTruthy();
    expect(screen.queryByText(/phone|title/)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('标题')));
  });
});
