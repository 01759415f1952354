import { Result } from 'antd';
import type { MyBid } from '@tender/contracts';
import { formatMoney } from '@/lib/amount';

/** After the award, the company's result as the first thing the bidder sees. */
export function BidResult({ bid }: { bid: MyBid }) {
  if (bid.status === 'won')
    return (
      <Result
        status="success"
        title="中标"
        subTitle={`贵公司以 ${formatMoney(bid.totalPrice, bid.currency ?? 'CNY')} 中标，请留意中标通知书与结果公告。`}
      />
    );
  if (bid.status === 'lost')
    return <Result status="info" title="未中标" subTitle="感谢参与，本项目已定标给其他投标人。" />;
  if (bid.status === 'invalid')
    return (
      <Result
        status="warning"
        title="投标无效"
        subTitle={bid.invalidReason ?? '开标时被判为无效投标。'}
      />
    );
  return null;
}
