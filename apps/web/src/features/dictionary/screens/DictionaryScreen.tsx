import { useCallback, useRef, useState } from 'react';
import { Col, Grid, Row } from 'antd';
import { useSearchParams } from 'react-router';
import type { DictType } from '@tender/contracts';
import { DictTypePane } from '../components/DictTypePane';
import { DictItemPane } from '../components/DictItemPane';
import { PageContainer } from '@/components/PageContainer';

/** 数据字典: types on the left, the chosen type's items on the right. */
export default function DictionaryScreen() {
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<DictType>();
  const selectedCode = params.get('type') ?? undefined;
  const stacked = Grid.useBreakpoint().lg === false;
  const itemsPane = useRef<HTMLDivElement>(null);

  const select = useCallback(
    (type: DictType | undefined, how?: 'auto') => {
      setChosen(type);
      if (type?.code !== selectedCode) {
        setParams(type ? { type: type.code } : {}, { replace: how === 'auto' });
      }
      // On a phone the items sit below the types: bring them into view when one is chosen.
      if (how !== 'auto' && stacked) itemsPane.current?.scrollIntoView({ behavior: 'smooth' });
    },
    [selectedCode, setParams, stacked],
  );

  return (
    <PageContainer bare>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9} xl={8}>
          <DictTypePane selected={selectedCode} selectedId={chosen?.id} onSelect={select} />
        </Col>
        <Col xs={24} lg={15} xl={16} ref={itemsPane}>
          <DictItemPane type={chosen?.code === selectedCode ? chosen : undefined} />
        </Col>
      </Row>
    </PageContainer>
  );
}
