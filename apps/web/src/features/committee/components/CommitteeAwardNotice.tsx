import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { Link } from 'react-router';

/**
 * Above 定标 and 公示与异议 of a committee tender: the candidates and the award follow the report
 * (R 54–55), whose tab holds the actions; the server refuses anything else with 409.
 */
export function CommitteeAwardNotice({
  tenderId,
  children,
}: {
  tenderId: number;
  children: ReactNode;
}) {
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="本项目由评标委员会评标：中标候选人按评标报告的推荐顺序公示，定标给排名第一且未被取消资格的候选人。"
        action={<Link to={`?id=${tenderId}&tab=report`}>评标报告</Link>}
      />
      {children}
    </>
  );
}
