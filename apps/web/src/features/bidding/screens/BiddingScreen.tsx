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
import { LotBidRows } from '../components/LotBidRows';
import { LotBond } from '../bond/LotBond';
import { hasLotRows, lotBidKey, lotBidsOf, type LotBid } from '../components/lot-view';
import { DecryptBidModal } from '../sealing/DecryptBidModal';
import type { BidEnvelope } from '../sealing/envelope';
import { carryBidCopy, type BidCopy } from '../receipt/bid-copy';
import type { KeptReceipt } from '../receipt/receipt-file';
import { VerifyReceiptModal } from '../receipt/VerifyReceiptModal';
import './bidding.css';

const listQuery = declared(bidApi.listBiddableTtender.query);

/**
 * 投标报价: the company's signed-up tenders, its sealed quotations, receipts and results. A
 * tender of several lots lists a row per signed-up lot under it, each bid on its own.
 */
export default function BiddingScreen() {
  const { query, setPage, write } = useUrlQuery(listQuery);
  const list = useBiddableTenders(query);
  // A notification's link (/bidding?tenderId=N): that tender alone, marked, until cleared.
  const focusId = query.tenderId;
  const { md } = Grid.useBreakpoint();
  const mobile = md === false;
  // Keys (tender and lot), not rows: the open drawer follows the list after a withdrawal or a
  // new revision.
  const [quotingKey, setQuotingKey] = useState<string>();
  const [historyKey, setHistoryKey] = useState<string>();
  const [decryptingKey, setDecryptingKey] = useState<string>();
  const [recordKey, setRecordKey] = useState<string>();
  const [verifyingKey, setVerifyingKey] = useState<string>();
  const [receipt, setReceipt] = useState<{ kept: KeptReceipt; envelope?: BidEnvelope }>();
  const views = (list.data?.list ?? []).flatMap(lotBidsOf);
  const viewOf = (key: string | undefined) => views.find((view) => lotBidKey(view) === key);
  const quoting = viewOf(quotingKey);
  const history = viewOf(historyKey);
  const decrypting = viewOf(decryptingKey);
  const recorded = viewOf(recordKey);
  const verifying = viewOf(verifyingKey);
  const showReceipt = (
    tender: LotBid,
    shown: Receipt,
    copy?: BidCopy | null,
    envelope?: BidEnvelope,
  ) => setReceipt({ kept: { receipt: shown, tender, copy }, envelope });
  // 重新确认 seals the same quotation anew: this tab's copy follows it to the new revision.
  const afterAction = (tender: LotBid, shown: Receipt) =>
    showReceipt(
      tender,
      shown,
      shown.action === 'reconfirm' ? carryBidCopy(tender.myBid?.digest, shown) : null,
    );

  const actionsOf = (view: LotBid) => (
    <>
      <BidActions
        tender={view}
        block={mobile}
        onQuote={() => setQuotingKey(lotBidKey(view))}
        onHistory={() => setHistoryKey(lotBidKey(view))}
        onDecrypt={() => setDecryptingKey(lotBidKey(view))}
        onRecord={() => setRecordKey(lotBidKey(view))}
        onVerify={() => setVerifyingKey(lotBidKey(view))}
        onReceipt={(shown) => afterAction(view, shown)}
      />
      <LotBond view={view} />
    </>
  );
  const lotRowsOf = (tender: BiddableTender) => (
    <LotBidRows views={lotBidsOf(tender)} actions={actionsOf} stacked />
  );
  const won = views.filter((view) => view.myBid?.status === 'won');
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
      {won.length === 1 && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={`恭喜！贵公司已中标「${won[0]!.title}」`}
          description="请留意中标通知书和中标结果公告。"
        />
      )}
      {won.length > 1 && (
        // Several wins (lots of a batch tender) in one notice, not a wall of them.
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={`恭喜！贵公司已中标 ${won.length} 个项目（标段）`}
          description={
            <>
              <ul className="bidding-wins">
                {won.map((tender) => (
                  <li key={lotBidKey(tender)}>{tender.title}</li>
                ))}
              </ul>
              请留意中标通知书和中标结果公告。
            </>
          }
        />
      )}
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
                    actions={
                      hasLotRows(tender) ? lotRowsOf(tender) : actionsOf(lotBidsOf(tender)[0]!)
                    }
                    focused={focused(tender)}
                  />
                ))
              : empty}
            <Pagination {...pagination} size="small" simple align="center" />
          </Spin>
        ) : (
          <Table<BiddableTender>
            rowKey="id"
            columns={biddableColumns(actionsOf, lotRowsOf)}
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
          onClose={() => setQuotingKey(undefined)}
          onSubmitted={(shown, copy, envelope) => showReceipt(quoting, shown, copy, envelope)}
        />
      )}
      {decrypting?.myBid && (
        <DecryptBidModal
          tender={decrypting}
          bid={decrypting.myBid}
          onClose={() => setDecryptingKey(undefined)}
        />
      )}
      {recorded?.myBid && (
        <BidOpeningRecordDrawer
          tender={recorded}
          bid={recorded.myBid}
          onClose={() => setRecordKey(undefined)}
        />
      )}
      {verifying?.myBid && (
        <VerifyReceiptModal
          tender={verifying}
          bid={verifying.myBid}
          onClose={() => setVerifyingKey(undefined)}
        />
      )}
      {history && <BidHistoryDrawer tender={history} onClose={() => setHistoryKey(undefined)} />}
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
