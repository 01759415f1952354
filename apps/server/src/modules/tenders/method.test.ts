import { describe, expect, it } from 'vitest';
import { getTableConfig, PgDialect } from 'drizzle-orm/pg-core';
import { PROCUREMENT_METHOD_CODES, tenderApi } from '@tender/contracts';
import { tenders } from '../../db/schema/index.js';
import {
  admits,
  admitsSql,
  noInvitees,
  notInvitedToBid,
  notInvitedToSignUp,
  openToAll,
} from './method.js';

const dialect = new PgDialect();
const sqlOf = (query: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(query).sql;

describe('procurement method policy', () => {
  it('admits anyone to an open tender, only invitees to an invited one', () => {
    expect(admits('open', false)).toBe(true);
    expect(admits('open', true)).toBe(true);
    expect(admits('invited', false)).toBe(false);
    expect(admits('invited', true)).toBe(true);
  });

  it('says why in the words the screens have always shown', () => {
    expect(notInvitedToSignUp('invited')).toBe('本项目为邀请招标，贵公司未受邀');
    expect(notInvitedToBid('invited')).toBe('本项目为邀请招标，贵公司未受邀请，不能投标');
    expect(noInvitees('invited')).toBe('邀请招标须至少邀请一家供应商');
  });

  it('lets in, in SQL, exactly the methods that do not restrict to invitees', () => {
    expect(sqlOf(openToAll())).toBe(`"tenders"."procurement_method" = 'open'`);
    const admitted = dialect.sqlToQuery(admitsSql(7));
    expect(admitted.sql).toContain(`("tenders"."procurement_method" = 'open' or exists (select 1`);
    expect(admitted.params).toEqual([7]);
  });

  it("agrees with the public search index's predicate (a new open method needs its migration)", () => {
    const index = getTableConfig(tenders).indexes.find(
      (i) => i.config.name === 'tenders_public_newest_idx',
    );
    expect(sqlOf(index!.config.where!)).toContain(sqlOf(openToAll()));
  });

  it('is the one list the contract and the column take', () => {
    expect(tenderApi.procurementMethod.options).toEqual(PROCUREMENT_METHOD_CODES);
    expect(tenders.procurementMethod.enumValues).toEqual(PROCUREMENT_METHOD_CODES);
    expect(tenderApi.procurementMethod.safeParse('negotiated').error?.issues[0]?.message).toBe(
      '采购方式只能是 open（公开招标）或 invited（邀请招标）',
    );
  });
});
