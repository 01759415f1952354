import { useEffect } from 'react';
import { Alert, Form, Input, Select } from 'antd';
import { bondApi } from '@tender/contracts';
import { FormModal } from '@/components/FormModal';
import { useModalForm } from '@/hooks/use-modal-form';
import { useForfeitBond } from '../api/forfeit-bond';
import { BondSummary } from './BondSummary';

interface ForfeitValues {
  ground?: bondApi.ForfeitGround;
  reason?: string;
}

const GROUND_OPTIONS = bondApi.FORFEIT_GROUNDS.map((value) => ({
  value,
  label: bondApi.FORFEIT_GROUND_LABELS[value],
}));

/** 没收: only on a ground of law, with a reason; it cannot be undone. */
export function ForfeitBondModal({ bond, onClose }: { bond?: bondApi.Bond; onClose: () => void }) {
  const { form, save } = useModalForm<ForfeitValues>(onClose);
  const forfeit = useForfeitBond();

  useEffect(() => {
    if (bond) form.resetFields();
  }, [bond, form]);

  return (
    <FormModal<ForfeitValues>
      form={form}
      name="forfeit-bond"
      label="没收保证金"
      title="没收保证金"
      open={!!bond}
      width={640}
      saving={forfeit.isPending}
      okText="确认没收"
      notice={
        bond && (
          <>
            <BondSummary bond={bond} />
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="没收后保证金不再退还，且不能撤销；仅限法定情形。"
            />
          </>
        )
      }
      onSubmit={(values) =>
        save(
          bondApi.forfeitBond.body!,
          { id: bond!.id, ground: values.ground, reason: values.reason },
          forfeit.mutateAsync,
          '已没收',
        )
      }
      onClose={onClose}
    >
      <Form.Item
        name="ground"
        label="没收理由"
        rules={[{ required: true, message: '请选择没收理由' }]}
      >
        <Select
          options={GROUND_OPTIONS}
          placeholder="请选择法定情形"
          optionRender={(option) => <span style={{ whiteSpace: 'normal' }}>{option.label}</span>}
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label="没收说明"
        rules={[{ required: true, whitespace: true, message: '请填写没收说明' }]}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}
