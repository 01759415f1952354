import { Form, Input } from 'antd';
import { announcementApi } from '@tender/contracts';
import { FormModal } from '@/components/FormModal';
import { useModalForm } from '@/hooks/use-modal-form';
import { rulesFrom } from '@/lib/form-errors';
import { useRevokeAnnouncement } from '../api/revoke-announcement';

const rules = rulesFrom(announcementApi.revokeAnnouncement.body!);

/** 撤销公告: a published announcement stays visible as revoked, with this reason. */
export function RevokeAnnouncementModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { form, save } = useModalForm<{ reason?: string }>(onClose);
  const revoke = useRevokeAnnouncement();
  return (
    <FormModal<{ reason?: string }>
      form={form}
      name="revoke-announcement"
      label="撤销表单"
      title="撤销公告"
      open
      okText="确认撤销"
      saving={revoke.isPending}
      notice={
        <p style={{ color: 'rgba(0,0,0,0.45)' }}>
          撤销后公告仍公开显示，并标明「已撤销」及撤销原因。此操作不可恢复。
        </p>
      }
      onSubmit={(values) =>
        save(
          announcementApi.revokeAnnouncement.body!,
          { ...values, id },
          revoke.mutateAsync,
          '公告已撤销',
        )
      }
      onClose={onClose}
    >
      <Form.Item name="reason" label="撤销原因" rules={rules.reason}>
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}
