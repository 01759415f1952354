import { Alert, Button, Space } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useVerifyDraw } from '../api/verify-draw';

/** 验证抽取: recomputes each draw from its seed and eligible list and says whether all match. */
export function VerifyDrawButton({ tenderId }: { tenderId: number }) {
  const verify = useVerifyDraw(tenderId);
  const result = verify.data;
  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
      <Button
        icon={<SafetyCertificateOutlined />}
        loading={verify.isPending}
        onClick={() => verify.mutate()}
      >
        验证抽取
      </Button>
      {result && (
        <Alert
          data-testid="verify-result"
          type={result.matches ? 'success' : 'error'}
          showIcon
          title={
            result.matches
              ? '验证通过：按记录的种子和合格专家名单重算，抽取结果与委员名单一致'
              : '验证未通过：重算结果与记录不一致'
          }
          description={
            <ul className="committee-rules">
              {result.recomputed.map((draw) => (
                <li key={draw.drawId}>
                  {draw.kind === 'initial' ? '首次抽取' : '补充抽取'} #{draw.drawId}：名单摘要
                  {draw.digestMatches ? '一致' : '不一致'}，抽中专家
                  {draw.matches
                    ? '一致'
                    : `不一致（重算 ${draw.drawnIds.join('、')}，记录 ${draw.recordedIds.join('、')}）`}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Space>
  );
}
