import { describe, expect, it } from 'vitest';
import { tenderApi } from '@tender/contracts';
import { tenderListQuery } from './list-ttender';

const contract = tenderApi.listTtender.query!;

/** What the zod schema answers, in the mirror's terms: the data, or the keys it refused. */
function zodReading(raw: Record<string, string>) {
  const result = contract.safeParse(raw);
  return result.success
    ? { data: result.data }
    : { refused: [...new Set(result.error.issues.map((issue) => String(issue.path[0])))].sort() };
}
function mirrorReading(raw: Record<string, string>) {
  const result = tenderListQuery.safeParse(raw);
  return result.success
    ? { data: result.data }
    : { refused: result.error.issues.map((issue) => String(issue.path[0])).sort() };
}

describe('the tender list query read without zod', () => {
  const long = (n: number) => '标'.repeat(n);
  const inputs: Record<string, string>[] = [
    {},
    { pageNum: '2', pageSize: '20' },
    { pageNum: '0' },
    { pageNum: '-1', pageSize: '101' },
    { pageNum: '1.5', pageSize: 'abc' },
    { pageNum: '', pageSize: ' 30 ' },
    { pageNum: '1e2', pageSize: '0x10' },
    { pageNum: 'Infinity', pageSize: '100' },
    { pageNum: '1000000', pageSize: '1' },
    { pageNum: '1000001' },
    { keyword: '  变压器 ', category: 'equipment' },
    { keyword: '' },
    { keyword: long(100), category: long(50) },
    { keyword: long(101), category: long(51) },
    { keyword: ` ${long(100)} ` },
    { status: 'published', procurementMethod: 'open' },
    { status: 'draft', procurementMethod: 'invited' },
    { status: 'nope', procurementMethod: 'OPEN' },
    { status: '', procurementMethod: '' },
    { status: 'hasOwnProperty', unknownKey: 'x', toString: 'y' },
  ];

  it('answers what the contract’s schema answers, or refuses the same keys', () => {
    for (const raw of inputs)
      expect({ raw, ...mirrorReading(raw) }).toEqual({ raw, ...zodReading(raw) });
  });

  it('knows the schema’s keys', () => {
    expect(Object.keys(tenderListQuery.shape).sort()).toEqual(Object.keys(contract.shape).sort());
  });
});
