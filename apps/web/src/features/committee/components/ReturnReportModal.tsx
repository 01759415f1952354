import { Form, Input } from 'antd';
import { reportApi } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';
import { useModalForm } from '@/hooks/use-modal-form';
import { FormModal } from '@/components/FormModal';
import { useReturnReport } from '../api/return-report';

const rules = rulesFrom(reportApi.returnReport.body!);

/** 退回评标报告: a final report goes back to the committee with the reason; a new version follows. */
export function ReturnReportModal({
  tenderId,
  lotId,
  open,
  onClose,
}: {
  tenderId: number;
  lotId?: number;
  open: boolean;
  onClose: () => void;
}) {
  const { form, save } = useModalForm<{ reason?: string }>(onClose);
  const returning = useReturnReport(tenderId);
  return (
    <FormModal<{ reason?: string }>
      form={form}
      name="return-report"
      label="退回评标报告"
      title="退回评标报告"
      open={open}
      width={560}
      okText="退回"
      saving={returning.isPending}
      notice={
        <p style={{ color: 'rgba(0,0,0,0.45)' }}>
          仅限{reportApi.RETURN_REASONS_HINT}
          情形，每个理由只能退回一次。退回后评分表重新开放，评标委员会修正后形成新版本报告，原版本保留。
        </p>
      }
      onSubmit={(values) =>
        save(
          reportApi.returnReport.body!,
          { tenderId, lotId, reason: values.reason },
          returning.mutateAsync,
          '已退回评标报告',
        )
      }
      onClose={onClose}
    >
      <Form.Item name="reason" label="退回理由" rules={rules.reason}>
        <Input.TextArea
          rows={4}
          maxLength={1000}
          showCount
          placeholder="如：第 2 名价格分计算错误"
        />
      </Form.Item>
    </FormModal>
  );
}
