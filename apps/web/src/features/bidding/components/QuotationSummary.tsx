import { Alert, Descriptions, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { bidApi, type BiddableTender } from '@tender/contracts';
import { formatMoney } from '@tender/contracts/format';
import { aboveCeiling } from './bid-state';
import { amountInWords } from '@/lib/amount';

export const SEALED_NOTICE = '报价提交后在开标前任何人都无法查看';

/** 大写 of what is typed, when it is a price the contract accepts. */
export function PriceInWords({ value }: { value: unknown }) {
  const valid = bidApi.quotationFields.totalPrice.safeParse(value);
  if (!valid.success) return null;
  return (
    <Typography.Text type="secondary" data-testid="price-in-words" style={{ display: 'block' }}>
      大写：{amountInWords(valid.data)}
    </Typography.Text>
  );
}

const ceilingText = (tender: BiddableTender) =>
  `高于最高投标限价 ${formatMoney(tender.priceCeiling, tender.currency)}`;

/**
 * Said beside the price as it is typed: a bid above the 最高投标限价 is taken (the law judges
 * it at the opening) but will be invalid there.
 */
export function CeilingWarning({ tender, price }: { tender: BiddableTender; price: unknown }) {
  if (!aboveCeiling(tender, price)) return null;
  return (
    <Typography.Text type="warning" data-testid="ceiling-warning" style={{ display: 'block' }}>
      <WarningOutlined /> {ceilingText(tender)}，开标时将被判为无效投标
    </Typography.Text>
  );
}

export interface QuotationTermsShown {
  totalPrice?: number;
  currency: string;
  deliveryDays?: number;
  warrantyMonths?: number;
  files: unknown[];
}

/**
 * What 确认提交 asks about: the price in figures and 大写 once more (it is typed once and
 * nobody can read it back before the opening), the other terms, the ceiling warning again.
 */
export function QuotationSummary({
  tender,
  values,
  bidderMode,
}: {
  tender: BiddableTender;
  values: QuotationTermsShown;
  bidderMode: boolean;
}) {
  const price = values.totalPrice;
  return (
    <div data-testid="quotation-confirm">
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ margin: '12px 0' }}
        styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}
        items={[
          {
            key: 'price',
            label: '投标总价',
            children: (
              <>
                <Typography.Text strong style={{ fontSize: 16 }} data-testid="confirm-price">
                  {formatMoney(price, values.currency)}
                </Typography.Text>
                <div data-testid="confirm-price-words">大写：{amountInWords(price)}</div>
              </>
            ),
          },
          { key: 'delivery', label: '交货期', children: `${values.deliveryDays ?? '—'} 天` },
          { key: 'warranty', label: '质保期', children: `${values.warrantyMonths ?? '—'} 个月` },
          { key: 'files', label: '投标文件', children: `${values.files.length} 个` },
        ]}
      />
      {aboveCeiling(tender, price) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`报价${ceilingText(tender)}`}
          description="超过最高投标限价的投标仍可提交，但开标时将被判为无效。确认仍按此报价提交？"
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {bidderMode
          ? '报价将在本机用您的解密口令加密后提交，任何人（包括平台）都无法解密。开标时须由贵公司凭口令或密码信封在解密时限内解密，否则投标无效。'
          : `${SEALED_NOTICE}（包括招标方、系统管理员和贵公司的其他账号）。截止前可修改或撤回，每次提交生成新版本和回执。`}
      </Typography.Paragraph>
    </div>
  );
}
