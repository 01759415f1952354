import { Card, Col, Empty, Input, Pagination, Row, Select, Spin, Switch, Space } from 'antd';
import { tenderApi } from '@tender/contracts';
import { declared, useUrlQuery } from '@/hooks/use-url-query';
import { LoadError } from '@/components/LoadError';
import { PageContainer } from '@/components/PageContainer';
import { useOpenTenders } from '../api/list-open-ttender';
import { useDict } from '@/hooks/use-dict';
import { OpenTenderCard } from '../components/OpenTenderCard';
import { SupplierStatusAlert } from '../components/SupplierStatusAlert';
import '../tender-msg.css';

const listQuery = declared(tenderApi.listOpenTtender.query);

/** 招标信息: published tenders a bidder may sign up for, with its own participation. */
export default function TenderMsgScreen() {
  const { query, filters, setFilters, setPage } = useUrlQuery(listQuery);
  const list = useOpenTenders(query);
  const categories = useDict('tender_category');
  const change = (patch: object) => setFilters({ ...filters, ...patch });

  return (
    <PageContainer bare>
      <SupplierStatusAlert />
      <Card variant="borderless">
        <div className="tender-msg-toolbar" role="search" aria-label="招标筛选">
          <Input.Search
            key={filters.keyword ?? ''}
            defaultValue={filters.keyword}
            allowClear
            enterButton="搜索"
            placeholder="项目名称或招标编号"
            aria-label="关键词"
            onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
          />
          <Select
            allowClear
            placeholder="全部类别"
            aria-label="类别"
            style={{ width: 160 }}
            options={categories.options}
            value={filters.category}
            onChange={(category) => change({ category })}
          />
          <Space size={6}>
            <Switch
              aria-label="只看已报名"
              checked={filters.signedUp === true}
              onChange={(on) => change({ signedUp: on ? true : undefined })}
            />
            <span>只看已报名</span>
          </Space>
        </div>
        {list.isError && <LoadError error={list.error} onRetry={() => list.refetch()} />}
        <Spin spinning={list.isFetching}>
          {list.data && list.data.list.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={filters.signedUp ? '贵公司尚未报名任何项目' : '暂无可报名的招标项目'}
            />
          ) : (
            <Row gutter={[16, 16]}>
              {(list.data?.list ?? []).map((tender) => (
                <Col key={tender.id} xs={24} md={12} xl={8}>
                  <OpenTenderCard
                    tender={tender}
                    categoryLabel={categories.labelOf(tender.category)}
                  />
                </Col>
              ))}
            </Row>
          )}
        </Spin>
        <Pagination
          style={{ marginTop: 16 }}
          align="end"
          current={query.pageNum}
          pageSize={query.pageSize}
          total={list.data?.total ?? 0}
          showSizeChanger
          showTotal={(total) => `${list.data?.totalIsMinimum ? '至少' : '共'} ${total} 个项目`}
          onChange={setPage}
        />
      </Card>
    </PageContainer>
  );
}
