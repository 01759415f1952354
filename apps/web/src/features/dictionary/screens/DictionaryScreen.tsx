import { useCallback, useState } from 'react';
import { Col, Row } from 'antd';
import { useSearchParams } from 'react-router';
import type { DictType } from '@tender/contracts';
import { DictTypePane } from '../components/DictTypePane';
import { DictItemPane } from '../components/DictItemPane';
import { PageContainer } from '@/layout/PageContainer';

/** 数据字典: types on the left, the chosen type's items on the right. */
export default function DictionaryScreen() {
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<DictType>();
  const selectedCode = params.get('type') ?? undefined;

  const select = useCallback(
    (type: DictType | undefined, how?: 'auto') => {
      setChosen(type);
      if (type?.code !== selectedCode) {
        setParams(type ? { type: type.code } : {}, { replace: how === 'auto' });
      }
    },
    [selectedCode, setParams],
  );

  return (
    <PageContainer bare>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9} xl={8}>
          <DictTypePane selected={selectedCode} onSelect={select} />
        </Col>
        <Col xs={24} lg={15} xl={16}>
          <DictItemPane type={chosen?.code === selectedCode ? chosen : undefined} />
        </Col>
      </Row>
    </PageContainer>
  );
}
