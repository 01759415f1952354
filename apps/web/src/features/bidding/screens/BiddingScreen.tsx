import { useState } from 'react';
import { Alert, Button, Card, Empty, Grid, Pagination, Spin, Table, Tag } from 'antd';
import { CloseOutlined, FilterOutlined, LockOutlined } from '@ant-design/icons';
import { bidApi, type BiddableTender, type Receipt } from '@tender/contracts';
import { LoadError } from '@/components/LoadError';
import { declared, useUrlQuery } from '@/hooks/use-url-query';
import { PageContainer } from '@/components/PageContainer';
import { useBiddableTenders } from '../api/list-biddable-ttender';
import { BidActions } from '../components/BidActions';
import { BidHistoryDrawer } from '../components/BidHistoryDrawer';
import { BiddableTenderCard } from '../components/BiddableTenderCard';
import { QuotationModal } from '../components/QuotationModal';
import { ReceiptModal } from '../components/ReceiptModal';
import { biddableColumns } from '../components/biddable-columns';
import { BidOpeningRecordDrawer } from '../components/BidOpeningRecordDrawer';
import { DecryptBidModal } from '../sealing/DecryptBidModal';
import type { BidEnvelope } from '../sealing/envelope';
import { carryBidCopy, type BidCopy } from '../receipt/bid-copy';
import type { KeptReceipt } from '../receipt/receipt-file';
import { VerifyReceiptModal } from '../receipt/VerifyReceiptModal';
import './bidding.css';

const listQuery = declared(bidApi.listBiddableTtender.query);

/** 投标报价: the company's signed-up tenders, its sealed quotations, receipts and results. */
export default function BiddingScreen() {
  const { query, setPage, write } = useUrlQuery(listQuery);
  const list = useBiddableTenders(query);
  // A notification's link (/bidding?tenderId=N): that tender alone, marked, until cleared.
  const focusId = query.tenderId;
  const { md } = Grid.useBreakpoint();
  const mobile = md === false;
  // Ids, not rows: the open drawer follows the list after a withdrawal or a new revision.
  const [quotingId, setQuotingId] = useState<number>();
  const [historyId, setHistoryId] = useState<number>();
  const [decryptingId, setDecryptingId] = useState<number>();
  const [recordId, setRecordId] = useState<number>();
  const [verifyingId, setVerifyingId] = useState<number>();
  const [receipt, setReceipt] = useState<{ kept: KeptReceipt; envelope?: BidEnvelope }>();
  const rowOf = (id: number | undefined) => list.data?.list.find((tender) => tender.id === id);
  const quoting = rowOf(quotingId);
  const history = rowOf(historyId);
  const decrypting = rowOf(decryptingId);
  const recorded = rowOf(recordId);
  const verifying = rowOf(verifyingId);
  const showReceipt = (
    tender: BiddableTender,
    shown: Receipt,
    copy?: BidCopy | null,
    envelope?: BidEnvelope,
  ) => setReceipt({ kept: { receipt: shown, tender, copy }, envelope });
  // 重新确认 seals the same quotation anew: this tab's copy follows it to the new revision.
  const afterAction = (tender: BiddableTender, shown: Receipt) =>
    showReceipt(
      tender,
      shown,
      shown.action === 'reconfirm' ? carryBidCopy(tender.myBid?.digest, shown) : null,
    );

  const actionsOf = (tender: BiddableTender) => (
    <BidActions
      tender={tender}
      block={mobile}
      onQuote={() => setQuotingId(tender.id)}
      onHistory={() => setHistoryId(tender.id)}
      onDecrypt={() => setDecryptingId(tender.id)}
      onRecord={() => setRecordId(tender.id)}
      onVerify={() => setVerifyingId(tender.id)}
      onReceipt={(shown) => afterAction(tender, shown)}
    />
  );
  const won = (list.data?.list ?? []).filter((tender) => tender.myBid?.status === 'won');
  const pagination = {
    current: query.pageNum,
    pageSize: query.pageSize,
    total: list.data?.total ?? 0,
    showTotal: (total: number) => `共 ${total} 个项目`,
    onChange: setPage,
  };
  const empty =
    focusId === undefined ? (
      <Empty description="暂无已报名的招标项目。请先在「招标信息」中报名，报名成功的项目会显示在这里。" />
    ) : (
      <Empty description="没有找到这个招标项目：贵公司可能没有报名，或项目已不存在。">
        <Button onClick={() => write({ tenderId: undefined, pageNum: 1 })}>显示全部项目</Button>
      </Empty>
    );
  const focused = (tender: BiddableTender) => tender.id === focusId;
  const filterTag = focusId !== undefined && (
    <Tag
      closable
      icon={<FilterOutlined />}
      color="processing"
      className="bidding-filter-tag"
      onClose={() => write({ tenderId: undefined, pageNum: 1 })}
      closeIcon={<CloseOutlined aria-label="显示全部项目" />}
    >
      只看：{list.data?.list[0]?.title ?? `项目 ${focusId}`}
    </Tag>
  );

  return (
    <PageContainer bare>
      <Alert
        type="info"
        showIcon
        icon={<LockOutlined />}
        style={{ marginBottom: 16 }}
        title="报价密封保存"
        description="报价、备注和投标文件在开标前加密保存，招标方、系统管理员和其他投标人都无法查看；每次提交都会生成带摘要的回执，请妥善保存。"
      />
      {won.map((tender) => (
        <Alert
          key={tender.id}
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={`恭喜！贵公司已中标「${tender.title}」`}
          description="请留意中标通知书和中标结果公告。"
        />
      ))}
      <Card title="已报名的招标项目" variant="borderless">
        {filterTag && <div style={{ marginBottom: 12 }}>{filterTag}</div>}
        {list.isError && <LoadError error={list.error} onRetry={() => list.refetch()} />}
        {mobile ? (
          <Spin spinning={list.isFetching}>
            {list.data?.list.length
              ? list.data.list.map((tender) => (
                  <BiddableTenderCard
                    key={tender.id}
                    tender={tender}
                    actions={actionsOf(tender)}
                    focused={focused(tender)}
                  />
                ))
              : empty}
            <Pagination {...pagination} size="small" simple align="center" />
          </Spin>
        ) : (
          <Table<BiddableTender>
            rowKey="id"
            columns={biddableColumns(actionsOf)}
            dataSource={list.data?.list}
            loading={list.isFetching}
            rowClassName={(tender) => (focused(tender) ? 'bidding-row-focused' : '')}
            locale={{ emptyText: empty }}
            // Wide enough for every column; beyond it the actions wrap instead of scrolling.
            scroll={{ x: 1100 }}
            pagination={{ ...pagination, showSizeChanger: true }}
          />
        )}
      </Card>
      {quoting && (
        <QuotationModal
          tender={quoting}
          onClose={() => setQuotingId(undefined)}
          onSubmitted={(shown, copy, envelope) => showReceipt(quoting, shown, copy, envelope)}
        />
      )}
      {decrypting?.myBid && (
        <DecryptBidModal
          tender={decrypting}
          bid={decrypting.myBid}
          onClose={() => setDecryptingId(undefined)}
        />
      )}
      {recorded?.myBid && (
        <BidOpeningRecordDrawer
          tender={recorded}
          bid={recorded.myBid}
          onClose={() => setRecordId(undefined)}
        />
      )}
      {verifying?.myBid && (
        <VerifyReceiptModal
          tender={verifying}
          bid={verifying.myBid}
          onClose={() => setVerifyingId(undefined)}
        />
      )}
      {history && <BidHistoryDrawer tender={history} onClose={() => setHistoryId(undefined)} />}
      {receipt && (
        <ReceiptModal
          kept={receipt.kept}
          envelope={receipt.envelope}
          onClose={() => setReceipt(undefined)}
        />
      )}
    </PageContainer>
  );
}
