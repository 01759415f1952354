import { useState } from 'react';
import { Alert, Button, Form, Modal, Select, Table, Tag } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import type { Participant, Tender } from '@tender/contracts';
import { useAccess } from '@/hooks/use-access';
import { LoadError } from '@/components/LoadError';
import { useParticipants } from '../api/get-supply-information';
import { useSupplierOptions } from '../api/get-supply-option';
import { useInviteSupplier } from '../api/add-supply-ttender';
import { useFeedback } from '@/lib/feedback';
import { formatDateTime } from '@/lib/time';

const SUPPLIER_STATUS: Record<string, { label: string; color: string }> = {
  pending: { label: '待审核', color: 'processing' },
  approved: { label: '已通过', color: 'success' },
  rejected: { label: '已驳回', color: 'error' },
  blacklisted: { label: '黑名单', color: 'default' },
};

/** 投标人: who signed up (or was signed up by invitation), and 邀请供应商 while it is open. */
export function ParticipantsTab({ tender }: { tender: Tender }) {
  const { can } = useAccess();
  const rows = useParticipants(tender.id);
  const [inviting, setInviting] = useState(false);
  const canInvite = tender.status === 'published' && can('tender:invite');

  return (
    <>
      {canInvite && (
        <div style={{ marginBottom: 12, textAlign: 'right' }}>
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
            邀请供应商
          </Button>
        </div>
      )}
      {rows.isError && <LoadError error={rows.error} onRetry={() => rows.refetch()} />}
      <Table<Participant>
        rowKey="supplierId"
        size="small"
        loading={rows.isFetching}
        dataSource={rows.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无供应商报名' }}
        columns={[
          { title: '供应商', dataIndex: 'companyName' },
          { title: '统一社会信用代码', dataIndex: 'creditCode' },
          { title: '联系人', dataIndex: 'contactName' },
          { title: '电话', dataIndex: 'phone' },
          {
            title: '审核状态',
            dataIndex: 'status',
            render: (s: string) => (
              <Tag color={SUPPLIER_STATUS[s]?.color}>{SUPPLIER_STATUS[s]?.label ?? s}</Tag>
            ),
          },
          {
            title: '报名方式',
            dataIndex: 'invited',
            render: (v: boolean) => (v ? <Tag color="purple">邀请</Tag> : <Tag>自主报名</Tag>),
          },
          { title: '报名时间', dataIndex: 'signedUpAt', render: formatDateTime },
          { title: '下载次数', dataIndex: 'downloads', align: 'right' },
        ]}
      />
      <InviteModal
        tender={tender}
        open={inviting}
        signedUp={(rows.data ?? []).map((p) => p.supplierId)}
        onClose={() => setInviting(false)}
      />
    </>
  );
}

function InviteModal({
  tender,
  open,
  signedUp,
  onClose,
}: {
  tender: Tender;
  open: boolean;
  signedUp: number[];
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<{ supplierId?: number }>();
  const options = useSupplierOptions(open);
  const invite = useInviteSupplier();
  const choices = (options.data ?? []).map((o) => ({
    ...o,
    disabled: signedUp.includes(o.value),
  }));

  const submit = async () => {
    const { supplierId } = await form.validateFields();
    try {
      const result = await invite.mutateAsync({ tenderId: tender.id, supplierId });
      message.success(result.alreadySignedUp ? '该供应商已报名' : '已为供应商报名');
      form.resetFields();
      onClose();
    } catch {
      // the request wrapper has shown the server's reason
    }
  };

  return (
    <Modal
      open={open}
      title="邀请供应商"
      okText="邀请"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={invite.isPending}
      forceRender
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="被邀请的供应商将直接报名本项目，可下载招标文件并投标。"
      />
      <Form form={form} layout="vertical" name="invite-supplier">
        <Form.Item
          name="supplierId"
          label="供应商"
          rules={[{ required: true, message: '请选择供应商' }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="选择已通过审核的供应商"
            options={choices}
            loading={options.isLoading}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
