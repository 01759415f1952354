import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { announcementApi, type Announcement } from '@tender/contracts';
import { FormModal } from '@/components/FormModal';
import { RichTextEditor } from '@/components/RichTextEditor';
import { useModalForm } from '@/hooks/use-modal-form';
import { useUpdateAnnouncement } from '../api/update-announcement';
import { publicityRule } from './publicity-rule';

interface EditValues {
  title?: string;
  content?: string;
  period?: [Dayjs, Dayjs] | null;
}

/** 编辑公告草稿: title, rich content (sanitised on the server) and, for 候选人公示, the period. */
export function EditAnnouncementModal({
  announcement: a,
  onClose,
}: {
  announcement: Announcement;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<EditValues>(onClose);
  const update = useUpdateAnnouncement();
  const withPeriod = a.kind === 'candidates';
  return (
    <FormModal<EditValues>
      form={form}
      name="announcement"
      label="公告表单"
      title="编辑公告"
      open
      width={860}
      saving={update.isPending}
      initialValues={{
        title: a.title,
        content: a.content,
        period:
          a.publicityStart && a.publicityEnd
            ? [dayjs(a.publicityStart), dayjs(a.publicityEnd)]
            : null,
      }}
      onSubmit={({ period, ...values }) =>
        save(
          announcementApi.updateAnnouncementSchema,
          {
            ...values,
            id: a.id,
            ...(withPeriod
              ? {
                  publicityStart: period?.[0]?.toISOString(),
                  publicityEnd: period?.[1]?.toISOString(),
                }
              : {}),
          },
          update.mutateAsync,
          '公告已保存',
        )
      }
      onClose={onClose}
    >
      <Form.Item
        name="title"
        label="公告标题"
        rules={[{ required: true, whitespace: true, message: '请填写公告标题' }]}
      >
        <Input maxLength={200} showCount />
      </Form.Item>
      {withPeriod && (
        <Form.Item name="period" label="公示期" rules={[publicityRule]}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
          />
        </Form.Item>
      )}
      <Form.Item name="content" label="公告内容">
        <RichTextEditor />
      </Form.Item>
    </FormModal>
  );
}
