import { Descriptions } from 'antd';
import { bondApi, lotLabel } from '@tender/contracts';
import { formatMoney } from '@/lib/amount';

/** What finance checks a declaration against, at the top of each dialog. */
export function BondSummary({ bond }: { bond: bondApi.Bond }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      style={{ marginBottom: 16 }}
      items={[
        {
          label: '招标项目',
          children: `${bond.tenderTitle} · ${lotLabel({ lotNo: bond.lotNo, name: bond.lotName })}`,
        },
        { label: '投标人', children: bond.supplierName },
        {
          label: '形式 / 金额',
          children: `${bondApi.BOND_FORM_LABELS[bond.form]} ${formatMoney(bond.amount)}（应缴 ${formatMoney(bond.required)}）`,
        },
        {
          label: '付款',
          children: `${bond.payerName} ${bondApi.maskAccount(bond.payerAccount)}`,
        },
        ...(bond.guaranteeNo
          ? [
              {
                label: '保函/保单',
                children: `${bond.guaranteeNo} · ${bond.issuer ?? ''} · 有效期至 ${bond.validUntil ?? ''}`,
              },
            ]
          : []),
      ]}
    />
  );
}
