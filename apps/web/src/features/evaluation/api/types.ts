import type { deskApi, evaluationApi, reportApi, RouteData } from '@tender/contracts';

/** The shapes the desk reads, named once from their contracts. */
export type Sheet = RouteData<typeof deskApi.getSheet>;
export type Criterion = evaluationApi.Criterion;
export type DeskBid = deskApi.DeskBid;
export type MemberSheet = deskApi.MemberSheet;
export type Outlier = deskApi.Outlier;
export type Clarification = deskApi.Clarification;
export type EvaluationReport = reportApi.EvaluationReport;
export type MyTask = RouteData<typeof deskApi.listMyTask>['list'][number];
export type MyTaskLot = MyTask['lots'][number];
