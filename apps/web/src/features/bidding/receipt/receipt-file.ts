import { formatDateTime, formatMoney } from '@tender/contracts/format';
import type { Receipt } from '@tender/contracts';
import { formatFileSize } from '@/components/FileUpload';
import { saveBlob } from '@/lib/file-download';
import { RECEIPT_ACTION_LABELS } from '../components/bid-state';
import type { BidCopy } from './bid-copy';
import { amountInWords } from '@/lib/amount';

/** What a 回执 names: the receipt, its tender, and (a submission's) the quotation as sent. */
export interface KeptReceipt {
  receipt: Receipt;
  /** The tender (its title naming the lot on a tender of several; `lot` numbers the file). */
  tender: {
    id: number;
    tenderNo: string;
    title: string;
    lot?: { lotNo: number };
    multiLot?: boolean;
  };
  copy?: BidCopy | null;
}

/** The quotation's lines of a 回执, as the screen, the print and the file show them. */
export function quotationLines(copy: BidCopy): [string, string][] {
  const q = copy.quotation;
  const price = Number(q.totalPrice);
  return [
    ['投标总价', formatMoney(price, q.currency)],
    ['大写', amountInWords(price)],
    ['交货期', `${q.deliveryDays} 天`],
    ['质保期', `${q.warrantyMonths} 个月`],
    ['备注', q.remark || '—'],
    [
      '投标文件',
      copy.files.length
        ? copy.files.map((f) => `${f.name}（${formatFileSize(f.size)}）`).join('；')
        : '无',
    ],
  ];
}

/** The 回执 as a plain text file the supplier keeps (UTF-8, opens anywhere). */
export function receiptText({ receipt, tender, copy }: KeptReceipt): string {
  const lines: [string, string][] = [
    ['招标项目', `${tender.title}（${tender.tenderNo}）`],
    ['操作', RECEIPT_ACTION_LABELS[receipt.action]],
    ['投标编号', String(receipt.bidId)],
    ['版本', `第 ${receipt.revision} 版`],
    ['服务器时间', formatDateTime(receipt.submittedAt)],
    ['回执摘要', receipt.digest],
    ...(copy ? quotationLines(copy) : []),
  ];
  return [
    '投标回执',
    '',
    ...lines.map(([label, value]) => `${label}：${value}`),
    '',
    '回执摘要是本次提交的规范文本（含随机数 nonce）的 SHA-256，不能反推出报价。',
    '开标后在「投标报价」点「验证回执」，或按开标记录公布的 nonce 自行计算核对。',
    '',
  ].join('\r\n');
}

export function downloadReceipt(kept: KeptReceipt) {
  const { receipt, tender } = kept;
  const blob = new Blob(['\ufeff', receiptText(kept)], { type: 'text/plain;charset=utf-8' });
  const lot = tender.multiLot && tender.lot ? `-标段${tender.lot.lotNo}` : '';
  saveBlob(blob, `投标回执-${tender.tenderNo}${lot}-第${receipt.revision}版.txt`);
}

/** Prints the 回执 alone: the body class scopes the print stylesheet (receipt.css) to it. */
export function printReceipt() {
  document.body.classList.add('printing-bid-receipt');
  const done = () => {
    document.body.classList.remove('printing-bid-receipt');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
