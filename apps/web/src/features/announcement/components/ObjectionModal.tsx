import { Form, Input } from 'antd';
import { objectionApi } from '@tender/contracts';
import { FormModal } from '@/components/FormModal';
import { FileUpload, type UploadedFileRef } from '@/components/FileUpload';
import { useModalForm } from '@/hooks/use-modal-form';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useInsertObjection } from '../api/insert-objection';
import { useFeedback } from '@/lib/feedback';

interface ObjectionValues {
  content?: string;
  files?: UploadedFileRef[];
}

export const OBJECTION_MAX = objectionApi.MAX_OBJECTION_LENGTH;

/** 提出异议: the supplier's text (up to 2000 characters) and supporting files, during the publicity. */
export function ObjectionModal({
  announcementId,
  onClose,
}: {
  announcementId: number;
  onClose: () => void;
}) {
  const { form } = useModalForm<ObjectionValues>(onClose);
  const insert = useInsertObjection();
  const { message } = useFeedback();
  return (
    <FormModal<ObjectionValues>
      form={form}
      name="objection"
      label="异议表单"
      title="提出异议"
      open
      width={600}
      okText="提交异议"
      saving={insert.isPending}
      notice={
        <p style={{ color: 'rgba(0,0,0,0.45)' }}>
          异议仅招标管理员与您本人可见，其他投标人与公众看不到异议内容及提出人。招标人应在 3
          日内答复。
        </p>
      }
      onSubmit={async (values) => {
        try {
          await insert.mutateAsync({
            announcementId,
            content: values.content!.trim(),
            fileIds: (values.files ?? []).map((f) => f.id),
          });
          message.success('异议已提交，请留意答复');
          onClose();
        } catch (error) {
          showServerFieldErrors(form, error);
        }
      }}
      onClose={onClose}
    >
      <Form.Item
        name="content"
        label="异议内容"
        rules={[
          { required: true, whitespace: true, message: '请填写异议内容' },
          { max: OBJECTION_MAX, message: `异议内容最多 ${OBJECTION_MAX} 个字` },
        ]}
      >
        <Input.TextArea
          rows={6}
          maxLength={OBJECTION_MAX}
          showCount
          placeholder="请写明异议的事实、理由与诉求"
        />
      </Form.Item>
      <Form.Item name="files" label="证明材料">
        <FileUpload maxCount={10} hint="可上传证明材料，PDF、Word、图片等" />
      </Form.Item>
    </FormModal>
  );
}
