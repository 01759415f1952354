import { Button, Modal, Space, Typography } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { lotLabel, type AwardNotice } from '@tender/contracts';
import { formatDateCn } from '@tender/contracts/format';
import { formatMoney } from '@/lib/amount';
import { downloadAwardNotice } from '../api/award-notice';
import './announcement-feature.css';

/** 中标通知书 as a printable page (the print stylesheet keeps only the notice) and a PDF download. */
export function AwardNoticeModal({
  notice,
  onClose,
}: {
  notice: AwardNotice;
  onClose: () => void;
}) {
  const several = notice.lotCount > 1;
  return (
    <Modal
      open
      title={
        several
          ? `中标通知书 · ${lotLabel({ lotNo: notice.lotNo, name: notice.lotName })}`
          : '中标通知书'
      }
      width={760}
      onCancel={onClose}
      className="award-notice-modal"
      footer={
        <Space wrap className="no-print">
          <Button onClick={onClose}>关闭</Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void downloadAwardNotice(
                notice.tenderId,
                notice.tenderNo,
                several ? notice : undefined,
              ).catch(() => undefined)
            }
          >
            下载 PDF
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            打印
          </Button>
        </Space>
      }
    >
      <div className="award-notice print-area">
        <Typography.Title level={3} style={{ textAlign: 'center', letterSpacing: 8 }}>
          中标通知书
        </Typography.Title>
        <p>
          <strong>{notice.winnerName}</strong>：
        </p>
        <p style={{ textIndent: '2em', lineHeight: 2 }}>
          你方于本项目递交的投标文件已被确定为中标。项目名称：{notice.tenderTitle}（招标编号{' '}
          {notice.tenderNo}）
          {several && `，标段：${lotLabel({ lotNo: notice.lotNo, name: notice.lotName })}`}
          ，中标金额：{formatMoney(notice.amount, notice.currency)}（大写：
          {notice.amountInWords}）。
        </p>
        <p style={{ textIndent: '2em', lineHeight: 2 }}>
          请你方自本通知书发出之日起 30 日内，即 {formatDateCn(notice.contractDeadline)}
          前，与招标人签订书面合同。
        </p>
        <p style={{ textIndent: '2em' }}>特此通知。</p>
        {/* The close the PDF has too: who issues it, where its seal goes, and the day. */}
        <div className="award-notice-close">
          <p>招标人：{notice.tendererName}（盖章）</p>
          <span className="award-notice-seal" aria-hidden="true" />
          <p>{formatDateCn(notice.awardedAt)}</p>
        </div>
      </div>
    </Modal>
  );
}
