import { useState } from 'react';
import { Alert, Button, Input, Radio, Space } from 'antd';
import { useFeedback } from '@/lib/feedback';
import type { LotRef } from '../api/keys';
import { useSignReport } from '../api/report';
import { CellError } from '../components/SheetControls';

/** 签字: agree, or dissent with a written reason (R 53); once per version. */
export function SignReportPanel({ lot }: { lot: LotRef }) {
  const { message } = useFeedback();
  const [agree, setAgree] = useState<boolean>();
  const [dissent, setDissent] = useState('');
  const [error, setError] = useState<string>();
  const sign = useSignReport();

  const onSign = async () => {
    if (agree === undefined) return setError('请选择同意或不同意');
    if (!agree && !dissent.trim()) return setError('不同意时请书面说明理由');
    setError(undefined);
    try {
      await sign.mutateAsync(
        agree ? { ...lot, agree } : { ...lot, agree, dissent: dissent.trim() },
      );
      message.success('已签字');
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title="请审阅评标报告并签字"
      description={
        <>
          <Radio.Group
            aria-label="签字意见"
            value={agree === undefined ? undefined : agree ? 'agree' : 'dissent'}
            onChange={(event) => setAgree(event.target.value === 'agree')}
          >
            <Space wrap>
              <Radio value="agree">同意</Radio>
              <Radio value="dissent">不同意</Radio>
            </Space>
          </Radio.Group>
          {agree === false && (
            <Input.TextArea
              aria-label="不同意理由"
              placeholder="不同意的理由（写入评标报告）"
              value={dissent}
              maxLength={1000}
              showCount
              style={{ marginTop: 8 }}
              onChange={(event) => setDissent(event.target.value)}
            />
          )}
          <CellError message={error} />
          <Button type="primary" style={{ marginTop: 8 }} loading={sign.isPending} onClick={onSign}>
            签字
          </Button>
        </>
      }
    />
  );
}
